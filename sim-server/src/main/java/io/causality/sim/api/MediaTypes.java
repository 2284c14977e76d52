package io.causality.sim.api;

/** Media types beyond JAX-RS's constants. */
public final class MediaTypes {
  /** Newline-delimited JSON: one JSON value per line. */
  public static final String NDJSON = "application/x-ndjson";

  /** Comma-separated values with a header line (RFC 4180). */
  public static final String CSV = "text/csv";

  /** What a CSV answer says of itself: UTF-8, with its header line (RFC 4180, section 3). */
  public static final String CSV_ANSWER = "text/csv; charset=utf-8; header=present";

  private MediaTypes() {}
}
