package io.causality.hitl.coordinator.resources;

/**
 * The {@code Last-Event-ID} header of the audit event stream: the sequence of the last event the
 * client received. Jersey reads it through {@link #valueOf}, so a malformed one answers 400 naming
 * the header.
 */
public record LastAuditEventId(long sequence) {
  public static LastAuditEventId valueOf(String text) {
    if (text.isBlank()) {
      return null; // no id: the stream starts from now
    }
    try {
      long sequence = Long.parseLong(text.strip());
      if (sequence >= 0) {
        return new LastAuditEventId(sequence);
      }
    } catch (NumberFormatException e) {
      // answered below, as a negative number is
    }
    throw new IllegalArgumentException("must be the sequence of an audit event, such as 41");
  }
}
