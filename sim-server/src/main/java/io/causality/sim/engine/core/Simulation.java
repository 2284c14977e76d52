package io.causality.sim.engine.core;

import static java.util.Objects.requireNonNull;

import io.causality.sim.engine.EngineValidationException;
import io.causality.sim.engine.SizeLimits;
import io.causality.sim.engine.UnknownAgentException;
import io.causality.sim.engine.input.EngineInput;
import io.causality.sim.engine.input.PolicyChange;
import io.causality.sim.engine.input.ScheduledInput;
import io.causality.sim.engine.model.Rule;
import io.causality.sim.engine.model.Rules;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.output.AgentSelection;
import io.causality.sim.engine.output.AgentSnapshot;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.InputApplied;
import io.causality.sim.engine.output.Loss;
import io.causality.sim.engine.output.LossEvent;
import io.causality.sim.engine.output.Paradox;
import io.causality.sim.engine.output.StateCounts;
import io.causality.sim.engine.output.StateSnapshot;
import io.causality.sim.engine.output.Step;
import io.causality.sim.engine.output.TraceMetadata;
import io.causality.sim.engine.output.TraceSource;
import io.causality.sim.engine.output.Warning;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * A running simulation: a scenario under one engine version plus the inputs fed to it. Not
 * thread-safe: a caller that shares one between threads serializes the calls; different simulations
 * are independent and may run on any threads at once.
 *
 * <p>Ticks are numbered from 0. An input submitted now applies at the start of {@link #nextTick()};
 * {@link #submit(EngineInput)} returns it tagged with that tick, which is what a caller persists to
 * rebuild the simulation later with {@link #replay}.
 */
public final class Simulation implements TraceSource {
  static final String DRIFT = "drift";

  private final EngineVersion version;
  private final ScenarioKept scenario;
  private final TickThreads threads;
  final World world;
  final Prophet prophet;
  private final TickScratch scratch;
  private final List<ScheduledInput> queued = new ArrayList<>();
  private final List<Paradox> paradoxes = new ArrayList<>();
  private final Views.Before before = new Views.Before();
  long lastInputTick = -1;
  String lastInputKind = "reaction";

  Simulation(EngineVersion version, ScenarioKept scenario, World world, TickThreads threads) {
    this.version = requireNonNull(version, "version");
    this.scenario = requireNonNull(scenario, "scenario");
    this.world = world;
    this.threads = requireNonNull(threads, "threads");
    this.prophet = new Prophet(version.id(), world.n, threads);
    this.scratch = new TickScratch(world.n, threads);
  }

  /**
   * Starts a simulation of {@code scenario} under {@code version}, before tick 0, computing its
   * ticks on {@code threads} (the output does not depend on them). Throws {@link
   * EngineValidationException} (path {@code rules.prophecyHorizon}) when the resolved rules break
   * the prophecy cost bound.
   */
  public static Simulation create(EngineVersion version, Scenario scenario, TickThreads threads) {
    return create(version, scenario, new ScenarioKept(scenario), threads);
  }

  /**
   * The same, for a scenario read back from {@code canonicalJson} ({@link
   * io.causality.sim.engine.scenario.ScenarioJson#toBytes} of it, as every simulation's scenario is
   * stored): it keeps those bytes from the start instead of the scenario's objects, which a
   * simulation rebuilt to be replayed would otherwise hold until its first snapshot.
   */
  public static Simulation create(
      EngineVersion version, Scenario scenario, byte[] canonicalJson, TickThreads threads) {
    return create(version, scenario, new ScenarioKept(scenario, canonicalJson), threads);
  }

  /** The same, keeping {@code kept} of the scenario. */
  static Simulation create(
      EngineVersion version, Scenario scenario, ScenarioKept kept, TickThreads threads) {
    Rules rules = version.defaultRules().withAll(scenario.ruleOverrides());
    rules
        .costProblem()
        .ifPresent(
            problem -> {
              throw EngineValidationException.of("rules.prophecyHorizon", problem);
            });
    return new Simulation(version, kept, new World(scenario, rules), threads);
  }

  public EngineVersion engineVersion() {
    return version;
  }

  /** How many agents its scenario defines. */
  public int agentCount() {
    return scenario.agents();
  }

  /**
   * Its scenario in canonical JSON ({@link io.causality.sim.engine.scenario.ScenarioJson#toBytes}),
   * computed once and kept instead of the scenario's objects; the array is shared: read it, never
   * change it.
   */
  public byte[] scenarioJson() {
    return scenario.canonicalJson();
  }

  /** The heap its scenario takes in it now: see {@link ScenarioKept#heldBytes}. */
  public long scenarioBytesHeld() {
    return scenario.heldBytes();
  }

  /** The threads its ticks run on. */
  public TickThreads threads() {
    return threads;
  }

  /** The tick the next {@link #advance} computes first, and at which queued inputs apply. */
  public long nextTick() {
    return world.nextTick;
  }

  public Rules rules() {
    return world.rules;
  }

  /** How many prophecies this simulation has made so far. */
  public int prophecyCount() {
    return prophet.seq();
  }

  /**
   * Queues an input for the next tick after checking it against the state it will meet. Throws
   * {@link EngineValidationException} for a decree that cannot apply (paths {@code payload.*}) and
   * {@link UnknownAgentException} for a policy change naming no agent.
   */
  public ScheduledInput submit(EngineInput input) {
    return submit(input, SizeLimits.ENGINE);
  }

  /**
   * The same, within {@code limits} (a license's, at most the engine's): an attractor.add past its
   * attractors is refused (path {@code payload}). Replays of admitted inputs are checked against
   * the engine's limits only, so that a license that shrank later never breaks a stored run.
   */
  public ScheduledInput submit(EngineInput input, SizeLimits limits) {
    requireNonNull(input, "input");
    Admission.check(world, queued, input, limits);
    ScheduledInput scheduled = new ScheduledInput(world.nextTick, input);
    queued.add(scheduled);
    return scheduled;
  }

  /** Queues a persisted input again; its tick must be {@link #nextTick()}. */
  public void submit(ScheduledInput scheduled) {
    if (scheduled.tick() != world.nextTick) {
      throw new IllegalArgumentException(
          "input for tick " + scheduled.tick() + " submitted before tick " + world.nextTick);
    }
    Admission.check(world, queued, scheduled.input(), SizeLimits.ENGINE);
    queued.add(scheduled);
  }

  /** Computes {@code ticks} ticks, telling {@code listener} about each. */
  public void advance(long ticks, EngineListener listener) {
    requireNonNull(listener, "listener");
    if (ticks < 0) {
      throw new IllegalArgumentException("ticks must not be negative: " + ticks);
    }
    for (long k = 0; k < ticks; k++) {
      tick(listener);
    }
  }

  /**
   * Brings this simulation to {@code untilTick} (exclusive: {@link #nextTick()} becomes untilTick),
   * feeding each persisted input at its tick. Inputs before {@link #nextTick()} are skipped (a
   * restored snapshot already holds them); inputs for {@code untilTick} end up queued, as they were
   * when persisted.
   */
  public void replay(List<ScheduledInput> inputs, long untilTick, EngineListener listener) {
    int k = 0;
    while (k < inputs.size() && inputs.get(k).tick() < world.nextTick) {
      k++;
    }
    while (true) {
      while (k < inputs.size() && inputs.get(k).tick() == world.nextTick) {
        submit(inputs.get(k++));
      }
      if (world.nextTick >= untilTick) {
        return;
      }
      long target = k < inputs.size() ? Math.min(untilTick, inputs.get(k).tick()) : untilTick;
      if (target <= world.nextTick) {
        throw new IllegalArgumentException("inputs are not in tick order at " + k);
      }
      advance(target - world.nextTick, listener);
    }
  }

  /**
   * As {@link #replay(List, long, EngineListener)}, telling {@code listener} only of the ticks from
   * {@code fromTick} on (a trace range). The earlier ticks are computed without building steps;
   * what a tick computes does not depend on its listener, so the ticks told are those of a whole
   * replay.
   */
  public void replay(
      List<ScheduledInput> inputs, long fromTick, long untilTick, EngineListener listener) {
    replay(inputs, Math.min(fromTick, untilTick), EngineListener.NONE);
    // the quiet part queued the inputs of its last tick already: they must not be queued twice
    long queuedUpTo = world.nextTick;
    replay(
        inputs.stream().filter(input -> input.tick() > queuedUpTo).toList(), untilTick, listener);
  }

  /** The state after the last computed tick (tick -1 before the first). */
  @Override
  public StateSnapshot state() {
    return Views.state(world);
  }

  /** The state's tick, b and counts without its attractors (see {@link StateCounts}). */
  public StateCounts counts() {
    return Views.counts(world);
  }

  @Override
  public List<AgentSnapshot> agents() {
    return Views.agents(world);
  }

  /**
   * The mean gamma of the live agents (free, held or straying) now, in agent order; 0 when none is
   * live, since nothing then holds order. Reads the arrays: no snapshot is built.
   */
  public double meanLiveGamma() {
    return IntStream.range(0, world.n)
        .filter(world::alive)
        .mapToDouble(i -> world.gamma[i])
        .average()
        .orElse(0);
  }

  @Override
  public TraceMetadata traceMetadata() {
    return new TraceMetadata(
        version.id(),
        scenario.id(),
        scenario.seed(),
        world.nextTick,
        scenario.agents(),
        state().attractors().size(),
        scenario.nodeLabels(),
        world.rules);
  }

  /**
   * The exact state at this tick boundary, without queued inputs: after {@link
   * EngineRegistry#restore}, feed the persisted inputs with tick >= {@link #nextTick()} through
   * {@link #replay}.
   */
  public byte[] snapshot() {
    return SnapshotCodec.write(this);
  }

  private void tick(EngineListener listener) {
    long t = world.nextTick;
    scratch.reset();
    paradoxes.clear();
    boolean steps = listener.wantsSteps();
    // asked every tick: a listener may stop wanting a list midway (a stream's buffer is full)
    Set<AgentSelection> wanted = steps ? listener.agentsWanted() : Set.of();
    if (steps && wanted.contains(AgentSelection.CHANGED)) {
      before.record(world);
    }
    String move = applyQueued(t, listener);
    Kernel.step(world, scratch, threads);
    Warning warning = warning(t);
    Loss loss = scratch.lostCount > 0 ? loss(t) : null;
    if (steps) {
      listener.onStep(step(t, move, warning, loss, wanted));
    }
    emitAfterStep(t, listener, warning, loss);
  }

  /** The step with the agent lists its listener wants, and no other. */
  private Step step(long t, String move, Warning warning, Loss loss, Set<AgentSelection> wanted) {
    List<AgentSnapshot> all = wanted.contains(AgentSelection.ALL) ? Views.agents(world) : List.of();
    List<AgentSnapshot> changed =
        wanted.contains(AgentSelection.CHANGED) ? before.changed(world) : List.of();
    return new Step(t, move, Views.state(world), warning, loss, all, changed);
  }

  private void emitAfterStep(long t, EngineListener listener, Warning warning, Loss loss) {
    if (loss != null) {
      for (LossEvent event : loss.events()) {
        listener.onEvent(event);
      }
    }
    if (warning != null) {
      listener.onEvent(warning);
    }
    prophet.checkParadoxes(world, t, lastInputTick, lastInputKind, paradoxes);
    for (Paradox paradox : paradoxes) {
      listener.onEvent(paradox);
    }
    if (Prophet.due(world.rules, t)) {
      listener.onEvent(prophet.prophesy(world, t));
    }
  }

  private String applyQueued(long t, EngineListener listener) {
    if (queued.isEmpty()) {
      return DRIFT;
    }
    StringBuilder move = new StringBuilder();
    for (ScheduledInput input : queued) {
      EngineInput in = input.input();
      Interventions.apply(world, in, prophet, scratch, paradoxes);
      lastInputTick = t;
      lastInputKind = in instanceof PolicyChange ? "policy" : "decree";
      move.append(move.length() == 0 ? "" : "+").append(in.label());
      listener.onEvent(new InputApplied(input));
    }
    queued.clear();
    return move.toString();
  }

  private Warning warning(long t) {
    if (!scratch.stabilityCrossed && scratch.gammaWarnedCount == 0) {
      return null;
    }
    List<String> agents = new ArrayList<>(scratch.gammaWarnedCount);
    for (int k = 0; k < scratch.gammaWarnedCount; k++) {
      agents.add(world.ids[scratch.gammaWarned[k]]);
    }
    return new Warning(
        t,
        scratch.stabilityCrossed,
        world.b,
        world.rules.get(Rule.STABILITY_THRESHOLD),
        world.rules.get(Rule.GAMMA_FLOOR),
        agents);
  }

  private Loss loss(long t) {
    List<LossEvent> events = new ArrayList<>(scratch.lostCount);
    for (int k = 0; k < scratch.lostCount; k++) {
      int basin = scratch.lostBasin[k];
      events.add(
          new LossEvent(
              t,
              world.ids[scratch.lost[k]],
              scratch.lostMagnitude[k],
              basin >= 0 ? world.names[basin] : null));
    }
    return new Loss(t, events);
  }
}
