package io.causality.sim.events;

import io.causality.sim.core.SharedStreamSlots;
import io.causality.sim.core.errors.StreamLimitException;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Open event streams per organization, against the license's {@code maxConcurrentSSE}: counted in
 * this process on embedded H2 (one instance), or across the instances that share a PostgreSQL
 * database ({@link SharedStreamSlots}).
 */
final class StreamSlots {
  /** One open stream's place; released once, whatever ends the stream. */
  final class Slot {
    private final UUID organizationId;
    private final UUID sharedId;
    private final AtomicBoolean released = new AtomicBoolean();
    private volatile Runnable onRelease = () -> {};

    private Slot(UUID organizationId, UUID sharedId) {
      this.organizationId = organizationId;
      this.sharedId = sharedId;
    }

    void release() {
      if (released.compareAndSet(false, true)) {
        // the gauge first: a shared release may fail on the database, the stream is gone anyway
        onRelease.run();
        if (sharedId != null) {
          shared.orElseThrow().release(sharedId);
        } else {
          open.computeIfPresent(organizationId, (id, count) -> count <= 1 ? null : count - 1);
        }
      }
    }

    /** Runs once, when the slot is released (the open streams' gauge). */
    void onRelease(Runnable action) {
      this.onRelease = action;
    }
  }

  private final ConcurrentMap<UUID, Integer> open = new ConcurrentHashMap<>();
  private final long retryAfterSeconds;
  private final Optional<SharedStreamSlots> shared;

  StreamSlots(long retryAfterSeconds) {
    this(retryAfterSeconds, Optional.empty());
  }

  StreamSlots(long retryAfterSeconds, Optional<SharedStreamSlots> shared) {
    this.retryAfterSeconds = retryAfterSeconds;
    this.shared = shared;
  }

  /** A slot, or 429 when the organization has {@code max} streams open already. */
  Slot acquire(UUID organizationId, int max) {
    if (shared.isPresent()) {
      return shared
          .get()
          .take(organizationId, max)
          .map(id -> new Slot(organizationId, id))
          .orElseThrow(() -> new StreamLimitException(max, retryAfterSeconds));
    }
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
    return new Slot(organizationId, null);
  }

  /** Streams the organization has open now. */
  int openFor(UUID organizationId) {
    return open.getOrDefault(organizationId, 0);
  }
}
