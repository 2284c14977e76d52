package io.causality.sim.benchmarks;

import io.causality.sim.engine.model.AgentSpec;
import io.causality.sim.engine.model.AttractorSpec;
import io.causality.sim.engine.model.Rule;
import io.causality.sim.engine.model.Rules;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.random.SplitMix64;
import java.util.Arrays;
import java.util.List;
import sim.engine.Schedule;
import sim.engine.SimState;
import sim.engine.Steppable;
import sim.field.continuous.Continuous2D;
import sim.util.Double2D;

/**
 * The engine benchmark's workload as a MASON model, written the way MASON's own examples are: a
 * {@link SimState} whose {@link Schedule} steps one {@link MasonAgent} {@link Steppable} per agent
 * every time step, agent positions in a {@link Continuous2D}, random draws from the model's {@code
 * MersenneTwisterFast}. The physics is engine 1.0.0's for the rules the benchmark uses (docs/
 * engine.md, "One tick"): the same pull, two uniform draws in [-1, 1) per agent and tick, the speed
 * clamp, the deepest-basin test, straying and the point of return, and b; the rules the benchmark
 * leaves at zero (zero-sum capture, erosion, contagion) and prophecies are not modelled, so it is
 * the counterpart of {@code prophecyOff}.
 *
 * <p>With {@link Draws#SPLITMIX} each agent draws from the engine's own stream instead, so the two
 * compute the same trajectories bit for bit; {@code MasonBasinsTest} checks that, and checks that
 * with MASON's generator the counts and losses agree statistically.
 */
public final class MasonBasins extends SimState {
  private static final long serialVersionUID = 1L;

  /** Where the agents' random draws come from. */
  public enum Draws {
    /** MASON's: the model's one {@code MersenneTwisterFast} (as a MASON model would). */
    MERSENNE_TWISTER,
    /** The engine's: one SplitMix64 stream per agent, split off the scenario's seed. */
    SPLITMIX
  }

  final Continuous2D plane;
  final double width;
  final double height;
  final double[] ax;
  final double[] ay;
  final double[] strength;
  final double[] radius;
  final double maxSpeed;
  final double pointOfReturn;
  private final transient Scenario scenario;
  private final long[] streams;
  final long[] lostAt;
  double sumDepth;
  double b;
  long tick;
  long agentTicks;
  int lost;

  public MasonBasins(Scenario scenario, Draws draws) {
    super(scenario.seed());
    this.scenario = scenario;
    Rules rules = Rules.v1Defaults().withAll(scenario.ruleOverrides());
    maxSpeed = rules.get(Rule.MAX_SPEED);
    pointOfReturn = rules.get(Rule.POINT_OF_RETURN);
    width = scenario.grid().width();
    height = scenario.grid().height();
    List<AttractorSpec> attractors = scenario.attractors();
    ax = attractors.stream().mapToDouble(AttractorSpec::x).toArray();
    ay = attractors.stream().mapToDouble(AttractorSpec::y).toArray();
    strength = attractors.stream().mapToDouble(AttractorSpec::strength).toArray();
    radius = attractors.stream().mapToDouble(AttractorSpec::radius).toArray();
    // The discretization MASON's guides suggest: about the distance an agent looks around.
    plane = new Continuous2D(radius.length > 0 ? radius[0] : 10, width, height);
    int n = scenario.agents().size();
    streams = draws == Draws.SPLITMIX ? new long[n] : null;
    lostAt = new long[n];
  }

  @Override
  public void start() {
    super.start();
    plane.clear();
    Arrays.fill(lostAt, -1);
    double affinity =
        Rules.v1Defaults().withAll(scenario.ruleOverrides()).get(Rule.DEFAULT_AFFINITY);
    List<AgentSpec> agents = scenario.agents();
    double sum = 0;
    for (int i = 0; i < agents.size(); i++) {
      if (streams != null) {
        streams[i] = SplitMix64.streamSeed(scenario.seed(), i);
      }
      MasonAgent agent = new MasonAgent(i, agents.get(i), weights(agents.get(i), affinity));
      plane.setObjectLocation(agent, new Double2D(agents.get(i).x(), agents.get(i).y()));
      sum += agent.classifyInitial(this, agents.get(i).x(), agents.get(i).y());
      agent.stopper = schedule.scheduleRepeating(Schedule.EPOCH, 0, agent, 1.0);
    }
    b = sum / agents.size();
    schedule.scheduleRepeating(Schedule.EPOCH, 1, (Steppable) state -> endTick(), 1.0);
  }

  /** Advances the model by {@code ticks} time steps. */
  public void run(long ticks) {
    for (long t = 0; t < ticks; t++) {
      schedule.step(this);
    }
  }

  public double b() {
    return b;
  }

  public int alive() {
    return lostAt.length - lost;
  }

  /** Agent-ticks computed so far: one per live agent per tick. */
  public long agentTicks() {
    return agentTicks;
  }

  /** The tick each agent was lost at, or -1. */
  public long[] lostAt() {
    return lostAt.clone();
  }

  double nextSigned(int agent) {
    return streams == null
        ? random.nextDouble() * 2.0 - 1.0
        : SplitMix64.nextSigned(streams, agent);
  }

  void lose(MasonAgent agent) {
    agent.stopper.stop();
    plane.remove(agent);
    lostAt[agent.index] = tick;
    lost++;
  }

  private void endTick() {
    b = sumDepth / lostAt.length;
    sumDepth = 0;
    tick++;
  }

  private double[] weights(AgentSpec agent, double affinity) {
    double[] weights = new double[ax.length];
    for (int a = 0; a < weights.length; a++) {
      String name = scenario.attractors().get(a).name();
      weights[a] = agent.preferences().getOrDefault(name, affinity);
    }
    return weights;
  }
}
