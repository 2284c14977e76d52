package io.causality.hitl.coordinator.core;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The one holder of the policy and authority keys in force (docs/operations.md, "Reloading the
 * policy and keys"): everything that signs, checks a quorum, gates a submission or verifies reads
 * {@link #current()} once per request. A reload checks a new {@link PolicySnapshot} completely
 * before {@link #replace} swaps it in, atomically.
 */
public final class ActivePolicy {
  private final AtomicReference<PolicySnapshot> current;

  public ActivePolicy(PolicySnapshot initial) {
    this.current = new AtomicReference<>(Objects.requireNonNull(initial, "initial"));
  }

  /** The set in force now. */
  public PolicySnapshot current() {
    return current.get();
  }

  /** Puts a checked set in force; the previous one. */
  public PolicySnapshot replace(PolicySnapshot checked) {
    return current.getAndSet(Objects.requireNonNull(checked, "checked"));
  }
}
