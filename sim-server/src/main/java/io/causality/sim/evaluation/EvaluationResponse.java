package io.causality.sim.evaluation;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.causality.hitl.protocol.wire.OverrideOutcome;

/**
 * The evaluationResponse of the contract.
 *
 * @param overrideOutcome present only when the request carried a token the gate needed
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EvaluationResponse(
    int envelopeVersion,
    String requestId,
    String decision,
    String reasonCode,
    String mode,
    long policyVersion,
    int adapterVersion,
    Escalation escalation,
    OverrideOutcome overrideOutcome) {

  /** The same response with an override outcome, and the decision it gives. */
  EvaluationResponse withOverride(String newDecision, String newReason, OverrideOutcome outcome) {
    return new EvaluationResponse(
        envelopeVersion,
        requestId,
        newDecision,
        newReason,
        mode,
        policyVersion,
        adapterVersion,
        escalation,
        outcome);
  }
}
