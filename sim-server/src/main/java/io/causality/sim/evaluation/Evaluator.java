package io.causality.sim.evaluation;

import io.causality.hitl.protocol.wire.Decision;
import io.causality.hitl.protocol.wire.EscalationType;
import io.causality.hitl.protocol.wire.OverrideOutcome;
import io.causality.hitl.protocol.wire.OverrideOutcomeStatus;
import io.causality.hitl.protocol.wire.ReasonCodes;
import io.causality.sim.metrics.SimMetrics;
import java.util.Objects;

/**
 * The evaluation runtime: the state gate, then the override token when the gate rejected. A token
 * on a request the gate passes is left alone (not redeemed): it is not needed, and redeeming it
 * would burn it.
 */
public final class Evaluator {
  /** The version of this runtime's adapter between snapshots and the gate. */
  public static final int ADAPTER_VERSION = 1;

  private final StateGate gate;
  private final OverrideRedemption redemption;

  public Evaluator(StateGate gate, OverrideRedemption redemption) {
    this.gate = Objects.requireNonNull(gate, "gate");
    this.redemption = Objects.requireNonNull(redemption, "redemption");
  }

  /**
   * Gates {@code input}, then redeems its token presenting {@code licenseId}: the license of the
   * caller's organization ({@link OrganizationLicenses}), which the token must be bound to.
   */
  public EvaluationResponse evaluate(EvaluationInput input, String licenseId) {
    EvaluationResponse answer = decide(input, licenseId);
    SimMetrics.EVALUATIONS.labelValues(answer.decision()).inc();
    return answer;
  }

  private EvaluationResponse decide(EvaluationInput input, String licenseId) {
    EvaluationResponse gated = gated(input);
    if (input.overrideToken().isEmpty() || !gated.decision().equals(Decision.REJECT_STATE.name())) {
      return gated;
    }
    OverrideOutcome outcome = redemption.redeem(input, input.overrideToken().get(), licenseId);
    return outcome.status() == OverrideOutcomeStatus.APPLIED
        ? gated.withOverride(Decision.PASS.name(), ReasonCodes.NONE, outcome)
        : gated.withOverride(gated.decision(), gated.reasonCode(), outcome);
  }

  /** The gate's answer alone. */
  EvaluationResponse gated(EvaluationInput input) {
    GateResult result = gate.judge(input.gamma(), input.trend());
    boolean reject = result.breached();
    Escalation escalation =
        new Escalation(
            (reject ? EscalationType.HUMAN_ESCALATION : EscalationType.NONE).name(),
            result.headroom(),
            result.stepsToBreach());
    return new EvaluationResponse(
        input.envelopeVersion(),
        input.requestId(),
        (reject ? Decision.REJECT_STATE : Decision.PASS).name(),
        reject ? ReasonCodes.GAMMA_BELOW_FLOOR : ReasonCodes.NONE,
        gate.mode(),
        gate.policyVersion(),
        ADAPTER_VERSION,
        escalation,
        null);
  }

  public StateGate gate() {
    return gate;
  }
}
