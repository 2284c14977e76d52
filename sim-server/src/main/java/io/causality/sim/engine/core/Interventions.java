package io.causality.sim.engine.core;

import io.causality.sim.engine.input.Decree;
import io.causality.sim.engine.input.EngineInput;
import io.causality.sim.engine.input.PolicyChange;
import io.causality.sim.engine.model.Rule;
import io.causality.sim.engine.output.Paradox;
import io.causality.sim.engine.random.SplitMix64;
import java.util.List;

/**
 * Applies validated inputs to a world at the start of a tick. Inputs were checked against the
 * projected state when submitted, so every reference here resolves.
 */
final class Interventions {
  private Interventions() {}

  static void apply(
      World w, EngineInput input, Prophet prophet, TickScratch s, List<Paradox> paradoxes) {
    if (input instanceof PolicyChange p) {
      policy(w, w.agentIndex(p.agentId()), p.lambda(), p.gamma(), s);
    } else {
      applyDecree(w, (Decree) input, prophet, s, paradoxes);
    }
  }

  private static void applyDecree(
      World w, Decree decree, Prophet prophet, TickScratch s, List<Paradox> paradoxes) {
    if (decree instanceof Decree.AgentPolicy p) {
      policy(w, w.agentIndex(p.agentId()), p.lambda(), p.gamma(), s);
    } else if (decree instanceof Decree.Shock shock) {
      shock(w, shock);
    } else if (decree instanceof Decree.AttractorAdd add) {
      addAttractor(w, add);
    } else if (decree instanceof Decree.AttractorMove move) {
      moveAttractor(w, move);
    } else if (decree instanceof Decree.AttractorRemove remove) {
      removeAttractor(w, w.attractorIndex(remove.name()));
    } else if (decree instanceof Decree.AgentRemove remove) {
      removeAgent(w, remove, prophet, paradoxes);
    } else {
      setRule(w, (Decree.RuleSet) decree);
    }
  }

  private static void policy(World w, int i, Double lambda, Double gamma, TickScratch s) {
    if (lambda != null) {
      w.lambda[i] = lambda;
    }
    if (gamma != null) {
      double before = w.gamma[i];
      w.gamma[i] = gamma;
      if (w.alive(i) && Kernel.entersMargin(w, i, before)) {
        s.recordGammaWarning(i);
      }
    }
  }

  /** A kick to velocity; its direction is radial from the centre, or from the agent's stream. */
  private static void shock(World w, Decree.Shock shock) {
    for (int i = 0; i < w.n; i++) {
      if (w.alive(i)) {
        if (shock.x() == null) {
          kickRandom(w, i, shock.magnitude());
        } else {
          kickRadial(w, i, shock);
        }
      }
    }
  }

  private static void kickRandom(World w, int i, double magnitude) {
    double ux = SplitMix64.nextSigned(w.rng, i);
    double uy = SplitMix64.nextSigned(w.rng, i);
    kick(w, i, ux, uy, magnitude);
  }

  private static void kickRadial(World w, int i, Decree.Shock shock) {
    double dx = w.x[i] - shock.x();
    double dy = w.y[i] - shock.y();
    double r = shock.radius() == null ? Double.POSITIVE_INFINITY : shock.radius();
    if (dx * dx + dy * dy <= r * r) {
      kick(w, i, dx, dy, shock.magnitude());
    }
  }

  private static void kick(World w, int i, double dx, double dy, double magnitude) {
    double norm = Math.sqrt(dx * dx + dy * dy);
    // An agent exactly at the centre still gets pushed, along +x, so the shock is total.
    double ux = norm == 0 ? 1 : dx / norm;
    double uy = norm == 0 ? 0 : dy / norm;
    w.vx[i] += magnitude * ux;
    w.vy[i] += magnitude * uy;
  }

  private static void addAttractor(World w, Decree.AttractorAdd add) {
    if (w.attractorCount == w.names.length) {
      w.fitAttractors(w.attractorCount + 1);
    }
    w.putAttractor(w.attractorCount, add.attractor());
    w.held[w.attractorCount] = 0;
    w.attractorCount++;
    w.rebuildWeights();
  }

  private static void moveAttractor(World w, Decree.AttractorMove move) {
    int a = w.attractorIndex(move.name());
    w.ax[a] = move.x();
    w.ay[a] = move.y();
  }

  /** Removing a slot shifts later slots down; agents' holders follow, its own become free. */
  private static void removeAttractor(World w, int a) {
    int tail = w.attractorCount - a - 1;
    System.arraycopy(w.names, a + 1, w.names, a, tail);
    System.arraycopy(w.ax, a + 1, w.ax, a, tail);
    System.arraycopy(w.ay, a + 1, w.ay, a, tail);
    System.arraycopy(w.strength, a + 1, w.strength, a, tail);
    System.arraycopy(w.radius, a + 1, w.radius, a, tail);
    System.arraycopy(w.held, a + 1, w.held, a, tail);
    w.attractorCount--;
    w.names[w.attractorCount] = null;
    for (int i = 0; i < w.n; i++) {
      int h = w.holder[i];
      w.holder[i] = h == a ? -1 : h > a ? h - 1 : h;
    }
    w.rebuildWeights();
  }

  private static void removeAgent(
      World w, Decree.AgentRemove remove, Prophet prophet, List<Paradox> paradoxes) {
    int i = w.agentIndex(remove.agentId());
    w.status[i] = World.REMOVED;
    w.depth[i] = 0;
    w.vx[i] = 0;
    w.vy[i] = 0;
    w.population--;
    w.removedCount++;
    prophet.agentRemoved(w, i, w.nextTick, paradoxes);
  }

  private static void setRule(World w, Decree.RuleSet set) {
    w.rules = w.rules.with(set.rule(), set.value());
    if (set.rule() == Rule.DEFAULT_AFFINITY) {
      w.rebuildWeights();
    }
  }
}
