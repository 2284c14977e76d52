package io.causality.hitl.coordinator.core;

import java.security.PublicKey;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What {@code audit verify} holds the chain's checkpoints to: each is signed by the coordinator's
 * key (the policy's {@code coordinatorKey}), each sequence it covers still hashes to what it
 * signed, none lies beyond the head, and the head is less than {@code everyEvents} events past the
 * last one; and, optionally, an exported head ({@code --expect-head SEQ:HASH}) is still in the
 * chain unchanged.
 *
 * @param coordinatorKey the public key checkpoints verify with
 * @param everyEvents the configured {@code audit.checkpointEveryEvents}
 * @param expectedHead an exported head the chain must still contain
 */
public record CheckpointRules(
    PublicKey coordinatorKey, int everyEvents, Optional<ExpectedHead> expectedHead) {

  public CheckpointRules {
    Objects.requireNonNull(coordinatorKey, "coordinatorKey");
    Objects.requireNonNull(expectedHead, "expectedHead");
  }

  /** A head exported earlier: its sequence and its event's hash. */
  public record ExpectedHead(long sequence, String hash) {
    private static final Pattern TEXT = Pattern.compile("([1-9][0-9]{0,18}):([0-9a-f]{64})");

    /**
     * Parses {@code SEQ:HASH}, the hash as lower-case hex.
     *
     * @throws IllegalArgumentException when it is not that
     */
    public static ExpectedHead parse(String text) {
      var matcher = TEXT.matcher(text == null ? "" : text.strip());
      if (!matcher.matches()) {
        throw new IllegalArgumentException(
            "--expect-head must be SEQ:HASH, a sequence from 1 and a 64-character lower-case hex"
                + " hash, as audit verify prints them");
      }
      return new ExpectedHead(Long.parseLong(matcher.group(1)), matcher.group(2));
    }
  }
}
