package io.causality.sim.api;

/** {@code {"ok": true}}. */
public record Ok(boolean ok) {
  public static final Ok OK = new Ok(true);
}
