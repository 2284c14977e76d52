package io.causality.sim.engine.core;

import io.causality.sim.engine.model.Rule;
import io.causality.sim.engine.model.Rules;
import io.causality.sim.engine.random.SplitMix64;
import java.util.Arrays;

/**
 * The physics of engine version 1.0.0: one tick over the primitive arrays of a {@link World}. Cost
 * O(agents x attractors), no allocation per agent. Each agent's update reads only its own state
 * (its own random stream included), the attractors and the hold counts of the previous tick, so
 * agents may be computed in any order and on any threads: the agents are cut into parts ({@link
 * TickScratch.Part}) whose results (hold counts, losses, warnings) are merged in agent order, and b
 * sums the depths in agent order, so that the outcome is the same bytes for any thread count.
 */
final class Kernel {
  private Kernel() {}

  /**
   * Computes tick {@code world.nextTick} and advances it by one. The caller resets the scratch
   * first, so that warnings raised by inputs applied before the tick are kept.
   */
  static void step(World w, TickScratch s, TickThreads threads) {
    s.fitAttractors(w.attractorCount);
    effectiveStrengths(w, s.effectiveStrength);
    double bBefore = w.b;
    TickScratch.Part[] parts = s.parts;
    double[] seff = s.effectiveStrength;
    s.depthSum = 0;
    threads.run(parts.length, p -> moveAll(w, parts[p], seff), p -> addDepths(w, parts[p], s));
    double sumDepth = merge(w, s, parts);
    w.b = w.population > 0 ? sumDepth / w.population : 0;
    contagion(w, s);
    double threshold = w.rules.get(Rule.STABILITY_THRESHOLD);
    s.stabilityCrossed = bBefore >= threshold && w.b < threshold;
    w.nextTick++;
  }

  /** Moves, classifies and erodes the live agents of one part; touches only its own agents. */
  private static void moveAll(World w, TickScratch.Part part, double[] seff) {
    part.reset(w.attractorCount);
    double sumDepth = 0;
    for (int i = part.from; i < part.to; i++) {
      if (w.status[i] < World.LOST) {
        move(w, i, seff);
        sumDepth += classify(w, i, part);
        erode(w, i, part);
      }
    }
    part.sumDepth = sumDepth;
  }

  /**
   * With several parts, adds the depths of a finished part's agents one by one to the tick's sum,
   * parts taken in order: the depths of every agent added in agent order, as one part would have (a
   * dead agent's depth is 0 and adds nothing). The caller does it between its own parts ({@link
   * TickThreads}), so that this serial sum mostly overlaps the helpers' parts instead of following
   * them.
   */
  private static void addDepths(World w, TickScratch.Part part, TickScratch s) {
    if (s.parts.length == 1) {
      return;
    }
    double sum = s.depthSum;
    for (int i = part.from; i < part.to; i++) {
      sum += w.depth[i];
    }
    s.depthSum = sum;
  }

  /**
   * Adds the parts' hold counts, appends their losses and warnings in part order (agent order), and
   * returns the sum of the depths in agent order: a single part's own sum, else the sum {@link
   * #addDepths} made.
   */
  private static double merge(World w, TickScratch s, TickScratch.Part[] parts) {
    int count = w.attractorCount;
    Arrays.fill(w.held, 0, count, 0);
    for (TickScratch.Part part : parts) {
      for (int a = 0; a < count; a++) {
        w.held[a] += part.held[a];
      }
      for (int k = 0; k < part.lostCount; k++) {
        s.recordLoss(part.lost[k], part.lostMagnitude[k], part.lostBasin[k]);
      }
      w.lostCount += part.lostCount;
      for (int k = 0; k < part.warnedCount; k++) {
        s.recordGammaWarning(part.warned[k]);
      }
    }
    return parts.length == 1 ? parts[0].sumDepth : s.depthSum;
  }

  /**
   * Rule lossContagion: each loss kicks the agents still held by the basin the lost agent left,
   * away from its centre. Applied after every agent moved, so it acts next tick and agent order
   * cannot matter. The losses of a basin are counted first, then each held agent gets its kick once
   * per loss of its basin, added one at a time as loss by loss would: O(agents + losses) to find
   * them, where looking at every agent for every loss was O(agents x losses).
   */
  private static void contagion(World w, TickScratch s) {
    double kick = w.rules.get(Rule.LOSS_CONTAGION);
    if (kick == 0 || s.lostCount == 0) {
      return;
    }
    int[] lossesOf = s.lossesOf;
    Arrays.fill(lossesOf, 0, w.attractorCount, 0);
    boolean any = false;
    for (int k = 0; k < s.lostCount; k++) {
      int basin = s.lostBasin[k];
      if (basin >= 0) {
        lossesOf[basin]++;
        any = true;
      }
    }
    if (any) {
      kickHeld(w, lossesOf, kick);
    }
  }

  private static void kickHeld(World w, int[] lossesOf, double kick) {
    for (int j = 0; j < w.n; j++) {
      int basin = w.holder[j];
      if (w.status[j] == World.HELD && lossesOf[basin] > 0) {
        double dx = w.x[j] - w.ax[basin];
        double dy = w.y[j] - w.ay[basin];
        double norm = Math.sqrt(dx * dx + dy * dy);
        double kx = norm == 0 ? kick : kick * dx / norm;
        double ky = norm == 0 ? 0 : kick * dy / norm;
        for (int m = lossesOf[basin]; m > 0; m--) {
          w.vx[j] += kx;
          w.vy[j] += ky;
        }
      }
    }
  }

  /** With zero-sum capture an attractor's strength is shared among the agents it holds. */
  private static void effectiveStrengths(World w, double[] out) {
    boolean zeroSum = w.rules.flag(Rule.ZERO_SUM_ATTRACTOR_CAPTURE);
    for (int a = 0; a < w.attractorCount; a++) {
      out[a] = zeroSum ? w.strength[a] / Math.max(1, w.held[a]) : w.strength[a];
    }
  }

  /**
   * Velocity: order (1 - gamma) keeps momentum and chaos, the pull is added in full. Pull of
   * attractor a: strength x weight x d / (|d|^2 + radius^2), a spring near the centre that fades as
   * 1/|d| far away, without a square root.
   */
  private static void move(World w, int i, double[] seff) {
    double px = w.x[i];
    double py = w.y[i];
    double fx = 0;
    double fy = 0;
    int count = w.attractorCount;
    int base = w.weightBase[i];
    double[] weights = w.weights;
    for (int a = 0; a < count; a++) {
      double dx = w.ax[a] - px;
      double dy = w.ay[a] - py;
      double r = w.radius[a];
      double k = seff[a] * weights[base + a] / (dx * dx + dy * dy + r * r);
      fx += dx * k;
      fy += dy * k;
    }
    double order = 1.0 - w.gamma[i];
    double chaos = order * w.lambda[i];
    double nvx = order * w.vx[i] + fx + chaos * SplitMix64.nextSigned(w.rng, i);
    double nvy = order * w.vy[i] + fy + chaos * SplitMix64.nextSigned(w.rng, i);
    double max = w.rules.get(Rule.MAX_SPEED);
    double speed2 = nvx * nvx + nvy * nvy;
    if (speed2 > max * max) {
      double scale = max / Math.sqrt(speed2);
      nvx *= scale;
      nvy *= scale;
    }
    w.vx[i] = nvx;
    w.vy[i] = nvy;
    w.x[i] = px + nvx;
    w.y[i] = py + nvy;
  }

  /**
   * Capture and loss. The deepest basin containing the agent holds it (depth 1 - d^2/r^2); outside
   * every basin it strays from its last holder until it passes pointOfReturn x radius, then it is
   * lost; off the plane it is lost at once. Returns the agent's depth.
   */
  private static double classify(World w, int i, TickScratch.Part part) {
    double px = w.x[i];
    double py = w.y[i];
    if (px < 0 || px > w.width || py < 0 || py > w.height) {
      lose(w, i, part);
      return 0;
    }
    int best = deepestBasin(w, px, py);
    if (best >= 0) {
      part.held[best]++;
      return hold(w, i, best);
    }
    int h = w.holder[i];
    if (h >= 0 && beyondReturn(w, h, px, py)) {
      lose(w, i, part);
      return 0;
    }
    w.status[i] = h >= 0 ? World.STRAYING : World.FREE;
    w.depth[i] = 0;
    return 0;
  }

  private static int deepestBasin(World w, double px, double py) {
    int best = -1;
    double bestQ = 1.0;
    for (int a = 0; a < w.attractorCount; a++) {
      double dx = w.ax[a] - px;
      double dy = w.ay[a] - py;
      double r = w.radius[a];
      double q = (dx * dx + dy * dy) / (r * r);
      if (q < bestQ) {
        bestQ = q;
        best = a;
      }
    }
    return best;
  }

  /** Holds agent i in basin a and returns its depth; the caller counts the hold. */
  private static double hold(World w, int i, int a) {
    double dx = w.ax[a] - w.x[i];
    double dy = w.ay[a] - w.y[i];
    double r = w.radius[a];
    double depth = 1.0 - (dx * dx + dy * dy) / (r * r);
    w.holder[i] = a;
    w.status[i] = World.HELD;
    w.depth[i] = depth;
    return depth;
  }

  private static boolean beyondReturn(World w, int h, double px, double py) {
    double dx = w.ax[h] - px;
    double dy = w.ay[h] - py;
    double limit = w.radius[h] * w.rules.get(Rule.POINT_OF_RETURN);
    return dx * dx + dy * dy > limit * limit;
  }

  /** The loss magnitude is the agent's speed at the tick it was lost: how hard it was thrown. */
  private static void lose(World w, int i, TickScratch.Part part) {
    double magnitude = Math.sqrt(w.vx[i] * w.vx[i] + w.vy[i] * w.vy[i]);
    part.recordLoss(i, magnitude, w.holder[i]);
    w.status[i] = World.LOST;
    w.depth[i] = 0;
    w.vx[i] = 0;
    w.vy[i] = 0;
  }

  /** Outside a basin an agent's order erodes towards the floor (rule gammaErosion). */
  private static void erode(World w, int i, TickScratch.Part part) {
    Rules rules = w.rules;
    double erosion = rules.get(Rule.GAMMA_EROSION);
    if (erosion == 0 || w.status[i] != World.FREE && w.status[i] != World.STRAYING) {
      return;
    }
    double floor = rules.get(Rule.GAMMA_FLOOR);
    double before = w.gamma[i];
    if (before > floor) {
      w.gamma[i] = Math.max(floor, before - erosion);
      if (entersMargin(w, i, before)) {
        part.recordGammaWarning(i);
      }
    }
  }

  /** Whether agent i's gamma, {@code before} until now, entered the margin above the floor. */
  static boolean entersMargin(World w, int i, double before) {
    double line = w.rules.get(Rule.GAMMA_FLOOR) + w.rules.get(Rule.GAMMA_WARNING_MARGIN);
    return before > line && w.gamma[i] <= line;
  }

  /** Classifies every agent without losses (the initial state) and computes b. */
  static void classifyAll(World w) {
    Arrays.fill(w.held, 0, w.attractorCount, 0);
    double sum = 0;
    for (int i = 0; i < w.n; i++) {
      if (w.status[i] < World.LOST) {
        int best = deepestBasin(w, w.x[i], w.y[i]);
        if (best >= 0) {
          w.held[best]++;
          sum += hold(w, i, best);
        } else {
          sum += free(w, i);
        }
      }
    }
    w.b = w.population > 0 ? sum / w.population : 0;
  }

  private static double free(World w, int i) {
    w.status[i] = w.holder[i] >= 0 ? World.STRAYING : World.FREE;
    w.depth[i] = 0;
    return 0;
  }
}
