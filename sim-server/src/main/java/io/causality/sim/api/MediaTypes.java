package io.causality.sim.api;

/** Media types beyond JAX-RS's constants. */
public final class MediaTypes {
  /** Newline-delimited JSON: one JSON value per line. */
  public static final String NDJSON = "application/x-ndjson";

  private MediaTypes() {}
}
