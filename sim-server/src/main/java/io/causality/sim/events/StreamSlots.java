package io.causality.sim.events;

import io.causality.sim.errors.StreamLimitException;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Open event streams per organization, against the license's {@code maxConcurrentSSE}. Counted in
 * this process: the service runs as one instance on its database.
 */
final class StreamSlots {
  /** One open stream's place; released once, whatever ends the stream. */
  final class Slot {
    private final UUID organizationId;
    private final AtomicBoolean released = new AtomicBoolean();
    private volatile Runnable onRelease = () -> {};

    private Slot(UUID organizationId) {
      this.organizationId = organizationId;
    }

    void release() {
      if (released.compareAndSet(false, true)) {
        open.computeIfPresent(organizationId, (id, count) -> count <= 1 ? null : count - 1);
        onRelease.run();
      }
    }

    /** Runs once, when the slot is released (the open streams' gauge). */
    void onRelease(Runnable action) {
      this.onRelease = action;
    }
  }

  private final ConcurrentMap<UUID, Integer> open = new ConcurrentHashMap<>();
  private final long retryAfterSeconds;

  StreamSlots(long retryAfterSeconds) {
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** A slot, or 429 when the organization has {@code max} streams open already. */
  Slot acquire(UUID organizationId, int max) {
    boolean[] taken = new boolean[1];
    open.compute(
        organizationId,
        (id, count) -> {
          int current = count == null ? 0 : count;
          taken[0] = current < max;
          return taken[0] ? Integer.valueOf(current + 1) : count;
        });
    if (!taken[0]) {
      throw new StreamLimitException(max, retryAfterSeconds);
    }
    return new Slot(organizationId);
  }

  /** Streams the organization has open now. */
  int openFor(UUID organizationId) {
    return open.getOrDefault(organizationId, 0);
  }
}
