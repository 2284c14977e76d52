package io.causality.sim.engine.core;

import io.causality.sim.engine.model.AgentSpec;
import io.causality.sim.engine.model.AttractorSpec;
import io.causality.sim.engine.model.Rule;
import io.causality.sim.engine.model.Rules;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.random.SplitMix64;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;

/**
 * The whole mutable state of a simulation in primitive arrays, indexed by agent (in scenario order)
 * and by attractor slot (in insertion order). The hot loop in {@link Kernel} reads and writes these
 * arrays directly; nothing here allocates per tick.
 */
final class World {
  static final byte FREE = 0;
  static final byte HELD = 1;
  static final byte STRAYING = 2;
  static final byte LOST = 3;
  static final byte REMOVED = 4;

  /** Empty, so never written: what a world's attractor arrays start as, before they fit. */
  private static final String[] NO_NAMES = {};

  private static final double[] NO_VALUES = {};
  private static final int[] NO_COUNTS = {};

  final int n;
  final String[] ids;
  final boolean[] heeds;

  /** Named preferences per agent, immutable; the dense weights below are built from them. */
  final String[][] prefNames;

  final double[][] prefWeights;

  final double[] x;
  final double[] y;
  final double[] vx;
  final double[] vy;
  final double[] lambda;
  final double[] gamma;
  final double[] depth;
  final long[] rng;
  final int[] holder;
  final byte[] status;

  final double width;
  final double height;
  int attractorCount;

  /*
   * The attractor slots [0, attractorCount), in arrays as long as the attractors the world has
   * (fitAttractors grows them for a decree that adds one), not as the engine's limit: a prophecy
   * forks the world several times a run, and an experiment's worker computes thousands of runs a
   * second, so room for 256 attractors in every fork was most of what a run allocated.
   */
  String[] names = NO_NAMES;
  double[] ax = NO_VALUES;
  double[] ay = NO_VALUES;
  double[] strength = NO_VALUES;
  double[] radius = NO_VALUES;
  int[] held = NO_COUNTS;

  /**
   * weights[weightBase[i] + a]: agent i's affinity for attractor a. Agents with the same
   * preferences share one row of attractorCount weights, so that 100,000 agents of a few kinds cost
   * a few rows.
   */
  double[] weights;

  int[] weightBase;

  /** Agent index by id, shared by copies (ids never change). */
  private final AgentIndex agentIndex;

  Rules rules;

  /** The tick the next call to the kernel computes; -1 is "before tick 0" in outputs. */
  long nextTick;

  double b;

  /** Agents not removed by a decree: the denominator of b. */
  int population;

  int lostCount;
  int removedCount;

  World(Scenario scenario, Rules rules) {
    this(scenario.agents().size(), scenario.grid().width(), scenario.grid().height());
    this.rules = rules;
    fitAttractors(scenario.attractors().size());
    for (AttractorSpec spec : scenario.attractors()) {
      putAttractor(attractorCount++, spec);
    }
    Map<SortedMap<String, Double>, Integer> firstWithPreferences = new HashMap<>();
    for (int i = 0; i < n; i++) {
      initAgent(i, scenario.agents().get(i), scenario.seed(), firstWithPreferences);
    }
    population = n;
    rebuildWeights();
    Kernel.classifyAll(this);
  }

  /**
   * Agent positions by id, built at the first lookup (an input that names an agent): most worlds
   * are never asked (an experiment's runs, a prophecy's forks), and a simulation kept in memory
   * would otherwise hold two objects an agent for it.
   */
  private static final class AgentIndex {
    private final String[] ids;
    private volatile Map<String, Integer> positions;

    AgentIndex(String[] ids) {
      this.ids = ids;
    }

    int of(String id) {
      Map<String, Integer> built = positions;
      if (built == null) {
        built = new HashMap<>(ids.length * 2);
        for (int i = 0; i < ids.length; i++) {
          built.put(ids[i], i);
        }
        positions = built;
      }
      Integer i = built.get(id);
      return i == null ? -1 : i;
    }
  }

  private World(int n, double width, double height) {
    this.n = n;
    this.width = width;
    this.height = height;
    ids = new String[n];
    agentIndex = new AgentIndex(ids);
    heeds = new boolean[n];
    prefNames = new String[n][];
    prefWeights = new double[n][];
    x = new double[n];
    y = new double[n];
    vx = new double[n];
    vy = new double[n];
    lambda = new double[n];
    gamma = new double[n];
    depth = new double[n];
    rng = new long[n];
    holder = new int[n];
    status = new byte[n];
  }

  /**
   * Agents with equal preferences share one pair of arrays ({@code firstWithPreferences} finds the
   * first agent with each), as they share a weight row: most agents of a large scenario name none.
   */
  private void initAgent(
      int i,
      AgentSpec spec,
      long seed,
      Map<SortedMap<String, Double>, Integer> firstWithPreferences) {
    ids[i] = spec.id();
    heeds[i] = spec.heedsProphecies();
    x[i] = spec.x();
    y[i] = spec.y();
    lambda[i] = spec.lambda();
    gamma[i] = spec.gamma();
    rng[i] = SplitMix64.streamSeed(seed, i);
    holder[i] = -1;
    SortedMap<String, Double> prefs = spec.preferences();
    Integer first = firstWithPreferences.putIfAbsent(prefs, i);
    if (first != null) {
      prefNames[i] = prefNames[first];
      prefWeights[i] = prefWeights[first];
      return;
    }
    String[] preferred = new String[prefs.size()];
    double[] weightsOf = new double[prefs.size()];
    int k = 0;
    for (Map.Entry<String, Double> preference : prefs.entrySet()) {
      preferred[k] = preference.getKey();
      weightsOf[k++] = preference.getValue();
    }
    prefNames[i] = preferred;
    prefWeights[i] = weightsOf;
  }

  /** Makes the attractor arrays exactly {@code slots} long, keeping the slots both have. */
  void fitAttractors(int slots) {
    names = Arrays.copyOf(names, slots);
    ax = Arrays.copyOf(ax, slots);
    ay = Arrays.copyOf(ay, slots);
    strength = Arrays.copyOf(strength, slots);
    radius = Arrays.copyOf(radius, slots);
    held = Arrays.copyOf(held, slots);
  }

  void putAttractor(int slot, AttractorSpec spec) {
    names[slot] = spec.name();
    ax[slot] = spec.x();
    ay[slot] = spec.y();
    strength[slot] = spec.strength();
    radius[slot] = spec.radius();
  }

  /**
   * Rebuilds the weight rows after the set of attractors or the rules changed: one row per distinct
   * preference map, in order of first use, so that equal agents share it.
   */
  void rebuildWeights() {
    int count = attractorCount;
    double fallback = rules.get(Rule.DEFAULT_AFFINITY);
    Map<Preferences, Integer> rows = new HashMap<>();
    int[] base = new int[n];
    for (int i = 0; i < n; i++) {
      int row =
          rows.computeIfAbsent(new Preferences(prefNames[i], prefWeights[i]), p -> rows.size());
      base[i] = row * count;
    }
    double[] w = new double[rows.size() * Math.max(count, 1)];
    for (int i = 0; i < n; i++) {
      for (int a = 0; a < count; a++) {
        int k = Arrays.binarySearch(prefNames[i], names[a]);
        w[base[i] + a] = k >= 0 ? prefWeights[i][k] : fallback;
      }
    }
    weights = w;
    weightBase = base;
  }

  /** One agent's named preferences as a key: equal names and weights, equal rows. */
  private record Preferences(String[] names, double[] weights) {
    @Override
    public boolean equals(Object other) {
      return other instanceof Preferences p
          && Arrays.equals(names, p.names)
          && Arrays.equals(weights, p.weights);
    }

    @Override
    public int hashCode() {
      return 31 * Arrays.hashCode(names) + Arrays.hashCode(weights);
    }
  }

  int attractorIndex(String name) {
    for (int a = 0; a < attractorCount; a++) {
      if (names[a].equals(name)) {
        return a;
      }
    }
    return -1;
  }

  int agentIndex(String id) {
    return agentIndex.of(id);
  }

  boolean alive(int i) {
    return status[i] < LOST;
  }

  /**
   * A copy of this world to run ahead of it (a prophecy's fork): {@code reuse}, overwritten, when
   * it is an earlier fork of this world (the same agents), else a new one. A prophecy forks the
   * world at each of its levels, several times a run; a new copy at each was 1.5 KB of the 19.9 KB
   * a run of an experiment allocated (docs/performance.md, "Experiments").
   */
  World forkInto(World reuse) {
    World fork = reuse == null || reuse.ids != ids ? new World(this) : reuse;
    fork.copyStateOf(this);
    return fork;
  }

  /** A fork of {@code s}: arrays of its own for the state, the parts that never change shared. */
  private World(World s) {
    n = s.n;
    ids = s.ids;
    agentIndex = s.agentIndex;
    heeds = s.heeds;
    prefNames = s.prefNames;
    prefWeights = s.prefWeights;
    width = s.width;
    height = s.height;
    x = new double[n];
    y = new double[n];
    vx = new double[n];
    vy = new double[n];
    lambda = new double[n];
    gamma = new double[n];
    depth = new double[n];
    rng = new long[n];
    holder = new int[n];
    status = new byte[n];
  }

  /**
   * Makes this fork's state {@code s}'s: the agents' arrays copied in place, the attractors' cloned
   * (a decree may resize them), the shared parts and scalars assigned.
   */
  private void copyStateOf(World s) {
    System.arraycopy(s.x, 0, x, 0, n);
    System.arraycopy(s.y, 0, y, 0, n);
    System.arraycopy(s.vx, 0, vx, 0, n);
    System.arraycopy(s.vy, 0, vy, 0, n);
    System.arraycopy(s.lambda, 0, lambda, 0, n);
    System.arraycopy(s.gamma, 0, gamma, 0, n);
    System.arraycopy(s.depth, 0, depth, 0, n);
    System.arraycopy(s.rng, 0, rng, 0, n);
    System.arraycopy(s.holder, 0, holder, 0, n);
    System.arraycopy(s.status, 0, status, 0, n);
    attractorCount = s.attractorCount;
    names = s.names.clone();
    ax = s.ax.clone();
    ay = s.ay.clone();
    strength = s.strength.clone();
    radius = s.radius.clone();
    held = s.held.clone();
    weights = s.weights;
    weightBase = s.weightBase;
    rules = s.rules;
    nextTick = s.nextTick;
    b = s.b;
    population = s.population;
    lostCount = s.lostCount;
    removedCount = s.removedCount;
  }
}
