package io.causality.sim.config;

import io.causality.common.lifecycle.ReloadOutcome;
import io.causality.common.lifecycle.Reloadable;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.PolicySuccession;
import io.causality.sim.evaluation.EvaluationPolicyException;
import io.causality.sim.evaluation.EvaluationRuntime;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;

/**
 * sim-server's reload (SIGHUP, {@code systemctl reload}, the admin task {@code reload-policy}): the
 * deployment policy at {@code evaluation.policyPath} and its trusted key are read again and checked
 * as at a start (with its {@code coordinatorKey}), then by the rules of {@link PolicySuccession};
 * only then do the gate and the token verifier built on it replace the old ones, in one swap. The
 * policy's authorities are the keys override tokens are verified with: a rotation adds the new key
 * beside the retiring one.
 */
public final class EvaluationReload implements Reloadable {
  private final EvaluationFactory factory;
  private final EvaluationRuntime runtime;
  private final Clock clock;

  public EvaluationReload(EvaluationFactory factory, EvaluationRuntime runtime, Clock clock) {
    this.factory = Objects.requireNonNull(factory, "factory");
    this.runtime = Objects.requireNonNull(runtime, "runtime");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  @Override
  public ReloadOutcome reload() {
    Optional<EvaluationRuntime.Parts> current = runtime.current();
    if (current.isEmpty()) {
      return ReloadOutcome.refused(
          "evaluation is not configured (no evaluation.policyPath): nothing to reload");
    }
    DeploymentPolicy next;
    try {
      next = factory.loadPolicy();
    } catch (EvaluationPolicyException e) {
      return ReloadOutcome.refused(e.getMessage());
    }
    DeploymentPolicy before = current.get().policy();
    Optional<String> problem = PolicySuccession.problem(before, next);
    if (problem.isPresent()) {
      return ReloadOutcome.refused(
          "evaluation.policyPath " + factory.getPolicyPath() + ": " + problem.get());
    }
    EvaluationRuntime.Parts parts = current.get();
    runtime.replace(
        factory.parts(next, clock, parts.coordinator(), parts.licenses(), parts.appliedTokens()));
    return ReloadOutcome.applied(
        PolicySuccession.describe(before, next)
            + ", authorities "
            + next.authorities().stream().map(a -> a.keyId()).toList());
  }
}
