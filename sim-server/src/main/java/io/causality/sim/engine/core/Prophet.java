package io.causality.sim.engine.core;

import io.causality.sim.engine.model.Rule;
import io.causality.sim.engine.model.Rules;
import io.causality.sim.engine.output.Paradox;
import io.causality.sim.engine.output.Prophecy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * The recursive part. A prophecy forks the world (random streams included) and runs it {@code
 * prophecyHorizon} ticks ahead without inputs. Level 1 assumes nobody reacts; level k+1 assumes the
 * heeding agents foretold lost at level k react. The recursion stops at a fixed point (same
 * reacting agents twice running: the prophecy is self-consistent) or at {@code prophecyDepth}. Real
 * heeding agents then react to the published level, and every foretold loss is checked at its tick:
 * one that does not happen is a paradox. Cost: at most depth x horizon ticks per prophecy.
 */
final class Prophet {
  private final String engineVersion;
  private final TickScratch forkScratch;
  private final TickThreads threads;
  private final List<Foretold> pending = new ArrayList<>();
  private int seq;

  /** The world each level runs ahead in, overwritten by the next ({@link World#forkInto}). */
  private World fork;

  /** A loss foretold by prophecy {@code prophecy} (made at {@code madeAt}) for a tick. */
  record Foretold(int agent, long tick, int prophecy, long madeAt) {}

  Prophet(String engineVersion, int agents, TickThreads threads) {
    this.engineVersion = engineVersion;
    this.forkScratch = new TickScratch(agents, threads);
    this.threads = threads;
  }

  /** True when a prophecy is due at the end of {@code tick}. */
  static boolean due(Rules rules, long tick) {
    int interval = rules.integer(Rule.PROPHECY_INTERVAL);
    return interval > 0 && (tick + 1) % interval == 0;
  }

  /** Forecasts from the end of {@code tick}, makes heeding agents react, and remembers it. */
  Prophecy prophesy(World real, long tick) {
    Rules rules = real.rules;
    int depthLimit = rules.integer(Rule.PROPHECY_DEPTH);
    int horizon = rules.integer(Rule.PROPHECY_HORIZON);
    double reaction = rules.get(Rule.PROPHECY_REACTION);
    boolean[] reacting = new boolean[real.n];
    List<Prophecy.Level> levels = new ArrayList<>(depthLimit);
    Forecast last = null;
    boolean converged = false;
    for (int level = 1; level <= depthLimit && !converged; level++) {
      fork = real.forkInto(fork);
      react(fork, reacting, reaction);
      last = run(fork, horizon);
      levels.add(new Prophecy.Level(level, last.agents.size(), last.finalB));
      boolean[] next = reactingSet(real, last);
      converged = Arrays.equals(next, reacting);
      reacting = next;
    }
    react(real, reacting, reaction);
    return publish(real, tick, horizon, levels, converged, last, reacting);
  }

  private Prophecy publish(
      World real,
      long tick,
      int horizon,
      List<Prophecy.Level> levels,
      boolean converged,
      Forecast forecast,
      boolean[] reacting) {
    int id = seq++;
    List<Prophecy.ForetoldLoss> losses = new ArrayList<>(forecast.agents.size());
    for (int k = 0; k < forecast.agents.size(); k++) {
      int agent = forecast.agents.get(k);
      losses.add(new Prophecy.ForetoldLoss(real.ids[agent], forecast.ticks.get(k)));
      pending.add(new Foretold(agent, forecast.ticks.get(k), id, tick));
    }
    return new Prophecy(
        engineVersion,
        id,
        tick,
        horizon,
        levels.size(),
        converged,
        forecast.finalB,
        forecast.minB,
        losses,
        names(real, reacting),
        levels);
  }

  private static List<String> names(World w, boolean[] set) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < w.n; i++) {
      if (set[i]) {
        out.add(w.ids[i]);
      }
    }
    return out;
  }

  /** The heeding, still-alive agents a forecast foretells lost. */
  private static boolean[] reactingSet(World real, Forecast forecast) {
    boolean[] set = new boolean[real.n];
    for (int agent : forecast.agents) {
      set[agent] = real.heeds[agent] && real.alive(agent);
    }
    return set;
  }

  /** A reacting agent orders itself: gamma up by the reaction, lambda down by its share. */
  private static void react(World w, boolean[] set, double reaction) {
    for (int i = 0; i < w.n; i++) {
      if (set[i]) {
        w.gamma[i] = Math.min(1.0, w.gamma[i] + reaction);
        w.lambda[i] = w.lambda[i] * (1.0 - reaction);
      }
    }
  }

  private Forecast run(World fork, int horizon) {
    Forecast out = new Forecast(fork.b);
    for (int t = 0; t < horizon; t++) {
      long tick = fork.nextTick;
      forkScratch.reset();
      Kernel.step(fork, forkScratch, threads);
      for (int k = 0; k < forkScratch.lostCount; k++) {
        out.agents.add(forkScratch.lost[k]);
        out.ticks.add(tick);
      }
      out.minB = Math.min(out.minB, fork.b);
    }
    out.finalB = fork.b;
    return out;
  }

  /** What one level foresaw: losses in the order they happen, and b. */
  private static final class Forecast {
    final List<Integer> agents = new ArrayList<>();
    final List<Long> ticks = new ArrayList<>();
    double minB;
    double finalB;

    Forecast(double b) {
      minB = b;
      finalB = b;
    }
  }

  /**
   * Checks the losses foretold for {@code tick}: each whose agent is not lost is a paradox. {@code
   * lastInputTick} and {@code lastInputKind} name the latest intervention.
   */
  void checkParadoxes(
      World w, long tick, long lastInputTick, String lastInputKind, List<Paradox> out) {
    // Called every tick: compacts in place, in order, without an iterator to allocate.
    int kept = 0;
    for (int k = 0; k < pending.size(); k++) {
      Foretold f = pending.get(k);
      if (f.tick() > tick) {
        pending.set(kept++, f);
      } else if (w.status[f.agent()] != World.LOST) {
        String cause = lastInputTick > f.madeAt() ? lastInputKind : "reaction";
        out.add(paradox(w, tick, f, cause));
      }
    }
    while (pending.size() > kept) {
      pending.remove(pending.size() - 1);
    }
  }

  /** An agent.remove makes the agent's foretold losses impossible: paradoxes at once. */
  void agentRemoved(World w, int agent, long tick, List<Paradox> out) {
    Iterator<Foretold> it = pending.iterator();
    while (it.hasNext()) {
      Foretold f = it.next();
      if (f.agent() == agent) {
        it.remove();
        out.add(paradox(w, tick, f, "decree"));
      }
    }
  }

  private static Paradox paradox(World w, long tick, Foretold f, String cause) {
    return new Paradox(tick, w.ids[f.agent()], f.tick(), f.prophecy(), f.madeAt(), cause);
  }

  int seq() {
    return seq;
  }

  List<Foretold> pending() {
    return List.copyOf(pending);
  }

  void restore(int seq, List<Foretold> foretold) {
    this.seq = seq;
    pending.clear();
    pending.addAll(foretold);
  }
}
