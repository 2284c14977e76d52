package io.causality.sim.ratelimit;

/**
 * The requests one identity made in one route class over the trailing window, counted in {@link
 * #SLOTS} + 1 slots of {@code window / SLOTS} each.
 *
 * <p>Every admitted request stays counted for at least a whole window (and at most one slot
 * longer), so no trailing window of that length ever holds more admitted requests than the limit:
 * the spec's sliding window, at a cost of at most one slot (1 s of a 60 s window) of extra
 * strictness and a fixed, small amount of memory whatever the limit.
 */
final class SlidingWindowCounter {
  static final int SLOTS = 60;

  private final long slotMillis;
  private final int[] counts = new int[SLOTS + 1];
  // The ring holds slots newestSlot - SLOTS .. newestSlot, at index slot % counts.length.
  private long newestSlot;

  SlidingWindowCounter(long slotMillis, long nowMillis) {
    this.slotMillis = slotMillis;
    this.newestSlot = nowMillis / slotMillis;
  }

  /** Admits the request when fewer than {@code limit} are counted, and says so either way. */
  synchronized RateLimitDecision tryAcquire(int limit, long nowMillis) {
    advanceTo(nowMillis / slotMillis);
    int used = used();
    boolean allowed = used < limit;
    if (allowed) {
      counts[index(newestSlot)]++;
      used++;
    }
    return RateLimitDecision.of(allowed, limit, used, resetMillis(), nowMillis);
  }

  private void advanceTo(long slot) {
    // A clock stepped back keeps counting in the newest slot: stricter, never looser.
    if (slot <= newestSlot) {
      return;
    }
    long cleared = Math.min(slot - newestSlot, counts.length);
    for (long step = 1; step <= cleared; step++) {
      counts[index(newestSlot + step)] = 0;
    }
    newestSlot = slot;
  }

  private int used() {
    int used = 0;
    for (int count : counts) {
      used += count;
    }
    return used;
  }

  /** When the oldest counted slot leaves the window. */
  private long resetMillis() {
    for (long slot = newestSlot - SLOTS; slot < newestSlot; slot++) {
      if (counts[index(slot)] > 0) {
        return (slot + SLOTS + 1) * slotMillis;
      }
    }
    return (newestSlot + SLOTS + 1) * slotMillis;
  }

  private int index(long slot) {
    return (int) Math.floorMod(slot, (long) counts.length);
  }
}
