package io.causality.sim.benchmarks;

import io.causality.sim.engine.model.AgentSpec;
import sim.engine.SimState;
import sim.engine.Steppable;
import sim.engine.Stoppable;
import sim.util.Double2D;

/**
 * One agent of {@link MasonBasins}: its position lives in the model's {@code Continuous2D}, its
 * velocity, policy and basin in itself. Each step is one agent-tick of engine 1.0.0 (Kernel's move
 * and classify, with the same arithmetic in the same order).
 */
final class MasonAgent implements Steppable {
  private static final long serialVersionUID = 1L;

  final int index;
  private final double lambda;
  private final double gamma;
  private final double[] weights;
  private double vx;
  private double vy;
  private int holder = -1;
  Stoppable stopper;

  MasonAgent(int index, AgentSpec spec, double[] weights) {
    this.index = index;
    this.lambda = spec.lambda();
    this.gamma = spec.gamma();
    this.weights = weights;
  }

  @Override
  public void step(SimState state) {
    MasonBasins m = (MasonBasins) state;
    Double2D p = m.plane.getObjectLocation(this);
    double fx = 0;
    double fy = 0;
    for (int a = 0; a < m.ax.length; a++) {
      double dx = m.ax[a] - p.x;
      double dy = m.ay[a] - p.y;
      double r = m.radius[a];
      double k = m.strength[a] * weights[a] / (dx * dx + dy * dy + r * r);
      fx += dx * k;
      fy += dy * k;
    }
    double order = 1.0 - gamma;
    double chaos = order * lambda;
    double nvx = order * vx + fx + chaos * m.nextSigned(index);
    double nvy = order * vy + fy + chaos * m.nextSigned(index);
    double speed2 = nvx * nvx + nvy * nvy;
    if (speed2 > m.maxSpeed * m.maxSpeed) {
      double scale = m.maxSpeed / Math.sqrt(speed2);
      nvx *= scale;
      nvy *= scale;
    }
    vx = nvx;
    vy = nvy;
    m.agentTicks++;
    classify(m, p.x + nvx, p.y + nvy);
  }

  /** Off the plane, or beyond the point of return of its basin: lost; else held or straying. */
  private void classify(MasonBasins m, double x, double y) {
    if (x < 0 || x > m.width || y < 0 || y > m.height) {
      m.lose(this);
      return;
    }
    m.plane.setObjectLocation(this, new Double2D(x, y));
    int best = -1;
    double bestQ = 1.0;
    for (int a = 0; a < m.ax.length; a++) {
      double dx = m.ax[a] - x;
      double dy = m.ay[a] - y;
      double r = m.radius[a];
      double q = (dx * dx + dy * dy) / (r * r);
      if (q < bestQ) {
        bestQ = q;
        best = a;
      }
    }
    if (best >= 0) {
      holder = best;
      m.sumDepth += 1.0 - bestQ;
    } else if (holder >= 0 && beyondReturn(m, x, y)) {
      m.lose(this);
    }
  }

  private boolean beyondReturn(MasonBasins m, double x, double y) {
    double dx = m.ax[holder] - x;
    double dy = m.ay[holder] - y;
    double limit = m.radius[holder] * m.pointOfReturn;
    return dx * dx + dy * dy > limit * limit;
  }

  /** The engine classifies every agent once before tick 0; returns the agent's depth. */
  double classifyInitial(MasonBasins m, double x, double y) {
    double depth = 0;
    double bestQ = 1.0;
    for (int a = 0; a < m.ax.length; a++) {
      double dx = m.ax[a] - x;
      double dy = m.ay[a] - y;
      double q = (dx * dx + dy * dy) / (m.radius[a] * m.radius[a]);
      if (q < bestQ) {
        bestQ = q;
        holder = a;
        depth = 1.0 - q;
      }
    }
    return depth;
  }
}
