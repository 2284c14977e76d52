package io.causality.sim.evaluation;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import java.time.Instant;
import java.util.List;

/**
 * What became of the override request an evaluation escalated, as {@code GET
 * /v1/simulations/{id}/evaluations/{evaluationId}/override-request} answers it: the coordinator's
 * status and quorum, each operator's decision from its audit trail, the redemption of the token,
 * and this service's own record of applying it (docs/evaluation.md, "What became of an override
 * request"). Read-only: deciding stays with the coordinator's operators.
 *
 * @param status the request's status at the coordinator now (a due PENDING request is EXPIRED)
 * @param requiredApprovals the policy's quorum: how many distinct operators must approve
 * @param approvals how many have approved so far
 * @param decisions every operator's approval (partial or completing) and denial, oldest first
 * @param tokenId the issued token's id once approved; null before
 * @param redemption the accepted redemption of the token; null until then
 * @param applied this service's record of applying the token; null when it did not apply it (not
 *     yet, or the token was redeemed elsewhere)
 */
public record EvaluationOverrideRequest(
    String coordinatorRequestId,
    OverrideRequestStatus status,
    Instant submittedAt,
    Instant requestExpiresAt,
    int requiredApprovals,
    int approvals,
    List<OperatorDecision> decisions,
    @JsonInclude(JsonInclude.Include.ALWAYS) String tokenId,
    @JsonInclude(JsonInclude.Include.ALWAYS) TokenRedemption redemption,
    @JsonInclude(JsonInclude.Include.ALWAYS) AppliedToken applied) {

  public EvaluationOverrideRequest {
    decisions = List.copyOf(decisions);
  }

  /** What an operator decided: the coordinator's audit event type of the decision. */
  public enum DecisionKind {
    /** An approval short of the quorum. */
    PARTIAL_APPROVAL,
    /** The approval that completed the quorum and issued the token. */
    APPROVED,
    /** A denial; one denies, whatever approvals came before. */
    DENIED
  }

  /**
   * One operator's decision.
   *
   * @param operator the operator, as the coordinator's policy names it
   * @param note the operator's note; null without one (an empty note included)
   */
  public record OperatorDecision(
      String operator,
      DecisionKind decision,
      Instant at,
      @JsonInclude(JsonInclude.Include.ALWAYS) String note) {}

  /**
   * The token's accepted redemption at the coordinator.
   *
   * @param by the coordinator caller that redeemed it (this service's, when it applied the token)
   */
  public record TokenRedemption(Instant at, String by) {}

  /**
   * This service applied the token: the evaluation request it overrode (its REJECT_STATE became
   * PASS, {@code overrideOutcome.status} Applied), and when.
   *
   * @param evaluationRequestId the {@code requestId} of the evaluation request posted with the
   *     token
   */
  public record AppliedToken(String tokenId, String evaluationRequestId, Instant appliedAt) {}
}
