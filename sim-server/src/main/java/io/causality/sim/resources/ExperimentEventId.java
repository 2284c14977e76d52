package io.causality.sim.resources;

/**
 * The {@code Last-Event-ID} header of an experiment's event stream: the seq of an event (0 before
 * the first). Jersey reads it through {@link #valueOf}, so a malformed one answers 400 naming the
 * header.
 */
public record ExperimentEventId(long seq) {
  public static ExperimentEventId valueOf(String text) {
    if (text.isBlank()) {
      return null; // no id: the stream starts from now
    }
    try {
      long seq = Long.parseLong(text.strip());
      if (seq >= 0) {
        return new ExperimentEventId(seq);
      }
    } catch (NumberFormatException e) {
      // answered below
    }
    throw new IllegalArgumentException("must be an event id, a whole number such as 12");
  }
}
