package io.causality.sim.core;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.causality.sim.core.events.Preludes;
import io.causality.sim.core.events.TickSizes;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.engine.core.Simulation;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Engine instances of recently used simulations, so a step does not replay from the start.
 *
 * <p>An engine instance is not thread-safe: every use of one goes through {@link #locked}. The
 * cache is only a shortcut: an instance is used only when its progress equals the stored row's, so
 * one advanced elsewhere (another instance of the service) or by a failed write is rebuilt; one
 * whose row changed otherwise (a status change elsewhere) forgets its known events.
 *
 * <p>The instances kept are bounded twice: at most {@code maxInstances}, and at most {@code
 * maxAgents} agents in all, each instance counted as at least an equal share ({@code maxAgents /
 * maxInstances}), so that many small simulations keep the first bound and a few of 100,000 agents
 * (about 26 MB each, docs/engine.md "Memory") the second, well within the heap. They are also held
 * softly: the collector drops them before the heap runs out, so that the instances kept never cost
 * a create or a rebuild its room (one of 100,000 agents next to three such instances ended a 512 MB
 * heap before). An instance dropped is rebuilt when next used, as one evicted.
 *
 * <p>The lock serializes this process only; between instances, the conditional writes of {@link
 * SimulationStore} decide, and the loser tries again from what is stored ({@link SimulationLocks}).
 */
public final class LiveSimulations {
  private static final int LOCK_STRIPES = 256;

  /** An engine instance and the stored progress it is at. */
  public static final class Live {
    private final Simulation simulation;
    private long ticks;
    private int inputs;
    private long version;

    /** The events made before the next tick, once known; null until then. */
    private Preludes preludes;

    /** The size of the ticks last written for its streams. */
    private final TickSizes tickSizes = new TickSizes();

    Live(Simulation simulation, long ticks, int inputs, long version) {
      this.simulation = simulation;
      this.ticks = ticks;
      this.inputs = inputs;
      this.version = version;
    }

    public Simulation simulation() {
      return simulation;
    }

    void progressed(long ticks, int inputs, long version) {
      this.ticks = ticks;
      this.inputs = inputs;
      this.version = version;
      this.preludes = null;
    }

    Preludes preludes() {
      return preludes;
    }

    void preludes(Preludes preludes) {
      this.preludes = preludes;
    }

    TickSizes tickSizes() {
      return tickSizes;
    }
  }

  private final Cache<UUID, Live> cache;
  private final ReentrantLock[] locks = new ReentrantLock[LOCK_STRIPES];
  private final SimulationLoader loader;

  public LiveSimulations(SimulationLoader loader, int maxInstances, int maxAgents) {
    this(loader, maxInstances, maxAgents, ForkJoinPool.commonPool());
  }

  /** The same, evicting on {@code maintenance} (tests: the caller's thread, to see it at once). */
  LiveSimulations(SimulationLoader loader, int maxInstances, int maxAgents, Executor maintenance) {
    this.loader = loader;
    int share = Math.max(1, maxAgents / maxInstances);
    this.cache =
        Caffeine.newBuilder()
            .maximumWeight(maxAgents)
            .weigher((UUID id, Live live) -> Math.max(share, agents(live)))
            .expireAfterAccess(Duration.ofMinutes(30))
            .softValues()
            .executor(maintenance)
            .build();
    for (int i = 0; i < LOCK_STRIPES; i++) {
      locks[i] = new ReentrantLock();
    }
  }

  /** Runs {@code action} holding the simulation's lock. */
  public <T> T locked(UUID id, Supplier<T> action) {
    ReentrantLock lock = locks[Math.floorMod(id.hashCode(), LOCK_STRIPES)];
    lock.lock();
    try {
      return action.get();
    } finally {
      lock.unlock();
    }
  }

  /** Under the lock: the engine instance at the row's progress. */
  public Live current(SimulationRow row) {
    Live live = cache.getIfPresent(row.id());
    if (live == null || live.ticks != row.ticksComputed() || live.inputs != row.inputCount()) {
      live = new Live(loader.atProgress(row), row.ticksComputed(), row.inputCount(), row.version());
      cache.put(row.id(), live);
    } else if (live.version != row.version()) {
      live.progressed(row.ticksComputed(), row.inputCount(), row.version());
    }
    return live;
  }

  /** Under the lock: remembers a new instance at the given progress. */
  public void remember(UUID id, Simulation simulation, long ticks, int inputs, long version) {
    cache.put(id, new Live(simulation, ticks, inputs, version));
  }

  /** Under the lock: records that the stored row caught up with the instance. */
  public void progressed(Live live, long ticks, int inputs, long version) {
    live.progressed(ticks, inputs, version);
  }

  /**
   * Under the lock: an event was stored between ticks (a status change), so the instance's known
   * events before its next tick are out of date; the row is at {@code version} now.
   */
  public void changedBetweenTicks(UUID id, long version) {
    Live instance = cache.getIfPresent(id);
    if (instance != null) {
      instance.progressed(instance.ticks, instance.inputs, version);
    }
  }

  /** How many instances are kept now. */
  long size() {
    cache.cleanUp();
    return cache.estimatedSize();
  }

  private static int agents(Live live) {
    return live.simulation.agentCount();
  }

  /** Under the lock: drops an instance whose state no longer matches what is stored. */
  public void forget(UUID id) {
    cache.invalidate(id);
  }
}
