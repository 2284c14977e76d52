package io.causality.hitl.coordinator.crypto;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The one holder of the coordinator's keys: every signature and every verification reads {@link
 * #current()} when it happens, so that a reload of the policy and keys ({@link #replace}) takes
 * effect at once, for every user, without a restart and without a half-old, half-new set.
 */
public final class KeyRing {
  private final AtomicReference<SigningKeys> keys;

  public KeyRing(SigningKeys keys) {
    this.keys = new AtomicReference<>(Objects.requireNonNull(keys, "keys"));
  }

  /** The keys in force now. */
  public SigningKeys current() {
    return keys.get();
  }

  /** Puts a checked set of keys in force. */
  public void replace(SigningKeys next) {
    keys.set(Objects.requireNonNull(next, "next"));
  }
}
