package io.causality.sim.engine.core;

import io.causality.sim.engine.SizeLimits;
import io.causality.sim.engine.UnknownAgentException;
import io.causality.sim.engine.input.Decree;
import io.causality.sim.engine.input.EngineInput;
import io.causality.sim.engine.input.PolicyChange;
import io.causality.sim.engine.input.ScheduledInput;
import io.causality.sim.engine.json.Issues;
import io.causality.sim.engine.json.Num;
import io.causality.sim.engine.model.Rules;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks an input against the state it will meet: the current world with the inputs already queued
 * for the same tick applied (names only). What passes here cannot fail when applied, which keeps a
 * replay free of surprises.
 */
final class Admission {
  private final World world;
  private final List<String> attractors = new ArrayList<>();
  private final boolean[] gone;
  private final SizeLimits limits;
  private Rules rules;

  private Admission(World world, List<ScheduledInput> queued, SizeLimits limits) {
    this.world = world;
    this.limits = limits;
    for (int a = 0; a < world.attractorCount; a++) {
      attractors.add(world.names[a]);
    }
    gone = new boolean[world.n];
    for (int i = 0; i < world.n; i++) {
      gone[i] = !world.alive(i);
    }
    rules = world.rules;
    queued.forEach(q -> project(q.input()));
  }

  /** Throws EngineValidationException or UnknownAgentException when the input cannot apply. */
  static void check(
      World world, List<ScheduledInput> queued, EngineInput input, SizeLimits limits) {
    new Admission(world, queued, limits).admit(input);
  }

  private void project(EngineInput input) {
    if (input instanceof Decree.AttractorAdd add) {
      attractors.add(add.attractor().name());
    } else if (input instanceof Decree.AttractorRemove remove) {
      attractors.remove(remove.name());
    } else if (input instanceof Decree.AgentRemove remove) {
      gone[world.agentIndex(remove.agentId())] = true;
    } else if (input instanceof Decree.RuleSet set) {
      rules = rules.with(set.rule(), set.value());
    }
  }

  private void admit(EngineInput input) {
    if (input instanceof PolicyChange p) {
      if (world.agentIndex(p.agentId()) < 0) {
        throw new UnknownAgentException(p.agentId());
      }
      return;
    }
    Issues issues = new Issues();
    checkDecree((Decree) input, issues);
    issues.throwIfAny();
  }

  private void checkDecree(Decree decree, Issues issues) {
    if (decree instanceof Decree.Shock shock && shock.x() != null) {
      onGrid(shock.x(), shock.y(), issues);
    } else if (decree instanceof Decree.AttractorAdd add) {
      checkAdd(add, issues);
    } else if (decree instanceof Decree.AttractorMove move) {
      knownAttractor(move.name(), issues);
      onGrid(move.x(), move.y(), issues);
    } else if (decree instanceof Decree.AttractorRemove remove) {
      knownAttractor(remove.name(), issues);
    } else if (decree instanceof Decree.AgentPolicy policy) {
      knownAgent(policy.agentId(), issues);
    } else if (decree instanceof Decree.AgentRemove remove) {
      checkRemove(remove, issues);
    } else if (decree instanceof Decree.RuleSet set) {
      rules
          .with(set.rule(), set.value())
          .costProblem()
          .ifPresent(problem -> issues.add("payload.value", problem));
    }
  }

  private void checkAdd(Decree.AttractorAdd add, Issues issues) {
    if (attractors.contains(add.attractor().name())) {
      issues.add("payload.name", "attractor '" + add.attractor().name() + "' exists");
    }
    if (attractors.size() >= limits.attractors()) {
      issues.add("payload", "at most " + limits.attractors() + " attractors" + limits.why());
    }
    onGrid(add.attractor().x(), add.attractor().y(), issues);
  }

  private void checkRemove(Decree.AgentRemove remove, Issues issues) {
    int i = knownAgent(remove.agentId(), issues);
    if (i >= 0 && gone[i]) {
      issues.add(
          "payload.agentId", "agent '" + remove.agentId() + "' is already lost" + " or removed");
    }
  }

  private void onGrid(double x, double y, Issues issues) {
    if (x > world.width) {
      issues.add("payload.x", "must be within the grid [0, " + Num.format(world.width) + "]");
    }
    if (y > world.height) {
      issues.add("payload.y", "must be within the grid [0, " + Num.format(world.height) + "]");
    }
  }

  private void knownAttractor(String name, Issues issues) {
    if (!attractors.contains(name)) {
      issues.add(
          "payload.name",
          "unknown attractor '" + name + "'; attractors: " + String.join(", ", attractors));
    }
  }

  private int knownAgent(String id, Issues issues) {
    int i = world.agentIndex(id);
    if (i < 0) {
      issues.add("payload.agentId", "unknown agent '" + id + "'");
    }
    return i;
  }
}
