package io.causality.sim.core;

import java.util.Optional;
import java.util.UUID;

/**
 * Event-stream slots counted across every instance that shares the database (docs/simulations.md,
 * "Concurrent streams"): an organization holds at most its license's {@code maxConcurrentSSE}
 * streams over all of them. On embedded H2 there is one instance and the streams count in memory.
 */
public interface SharedStreamSlots {
  /** A slot of the organization's, or empty when it holds {@code max} already, anywhere. */
  Optional<UUID> take(UUID organization, int max);

  /** Gives a slot back; giving one back twice changes nothing. */
  void release(UUID slot);
}
