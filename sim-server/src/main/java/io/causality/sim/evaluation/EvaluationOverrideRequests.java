package io.causality.sim.evaluation;

import io.causality.common.errors.ApiException;
import io.causality.common.errors.ErrorCodes;
import io.causality.hitl.protocol.client.CoordinatorClient;
import io.causality.hitl.protocol.client.CoordinatorResult;
import io.causality.hitl.protocol.wire.AuditEvent;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.OverrideRequestRecord;
import io.causality.hitl.protocol.wire.Requester;
import io.causality.sim.core.SimulationAccess;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.evaluation.EvaluationOverrideRequest.AppliedToken;
import io.causality.sim.evaluation.EvaluationOverrideRequest.DecisionKind;
import io.causality.sim.evaluation.EvaluationOverrideRequest.OperatorDecision;
import io.causality.sim.evaluation.EvaluationOverrideRequest.TokenRedemption;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What became of the override request a simulation's evaluation escalated, read from the
 * coordinator with this service's own caller (the submitter that escalated it: the coordinator
 * shows a submitter its own requests only) for a caller who may see the simulation. Nothing is
 * decided here: approving and denying stay with the coordinator's operators.
 */
public final class EvaluationOverrideRequests {
  /** The code of the 503 answered when the coordinator gives no usable answer. */
  public static final String COORDINATOR_UNAVAILABLE = "COORDINATOR_UNAVAILABLE";

  private static final Logger LOG = LoggerFactory.getLogger(EvaluationOverrideRequests.class);

  private final EvaluationRuntime runtime;
  private final SimulationAccess access;
  private final EvaluationJournal journal;

  public EvaluationOverrideRequests(
      EvaluationRuntime runtime, SimulationAccess access, EvaluationJournal journal) {
    this.runtime = Objects.requireNonNull(runtime, "runtime");
    this.access = Objects.requireNonNull(access, "access");
    this.journal = Objects.requireNonNull(journal, "journal");
  }

  /**
   * The request evaluation {@code evaluationId} of simulation {@code simulationId} escalated: 404
   * for a simulation the caller may not see, an unknown evaluation, or one that escalated nothing;
   * then 503 {@code EVALUATION_DISABLED} without a policy, 503 {@code COORDINATOR_UNAVAILABLE} when
   * the coordinator gives no usable answer, 404 when it holds no such request for this service.
   */
  public EvaluationOverrideRequest read(Caller caller, UUID simulationId, UUID evaluationId) {
    SimulationRow simulation = access.accessible(caller, simulationId);
    String requestId = journal.escalatedRequest(simulationId, evaluationId);
    EvaluationRuntime.Parts parts = runtime.require();
    OverrideRequestRecord record = fetch(parts.coordinator(), requestId);
    requireOrganization(record, simulation);
    Optional<AppliedToken> applied =
        Optional.ofNullable(record.tokenId())
            .flatMap(parts.appliedTokens()::find)
            .map(row -> new AppliedToken(row.tokenId(), row.requestId(), row.appliedAt()));
    return answer(record, applied.orElse(null));
  }

  /** The request as the coordinator shows it to this service, or the error that tells why not. */
  static OverrideRequestRecord fetch(CoordinatorClient coordinator, String requestId) {
    CoordinatorResult<OverrideRequestRecord> result = coordinator.get(requestId);
    if (result instanceof CoordinatorResult.Success<OverrideRequestRecord> success) {
      return success.value();
    }
    String failure = result.failure().orElse("no answer");
    if (result instanceof CoordinatorResult.Refused<OverrideRequestRecord> refused
        && refused.httpStatus() == 404) {
      LOG.info("The coordinator holds no override request {}: {}", requestId, failure);
      throw new ApiException(
          404,
          ErrorCodes.NOT_FOUND,
          "The coordinator shows no override request "
              + requestId
              + " to this service: a decided request is purged after the coordinator's "
              + "retention, and one another client submitted is not shown");
    }
    // A refusal other than 404 (401, 403) is this service's configuration, not the caller's
    // doing: logged for the operator, told to the caller as the coordinator being unusable.
    LOG.warn("Reading override request {} from the coordinator failed: {}", requestId, failure);
    throw new ApiException(
        503,
        COORDINATOR_UNAVAILABLE,
        "The coordinator gave no usable answer about override request "
            + requestId
            + (result.unavailable()
                ? " (it cannot be reached or failed); try again later"
                : " (it refused this service's read; the service's log says why)"));
  }

  /**
   * The request must be of the simulation's organization: the id came from this simulation's own
   * evaluation, so another organization's request means a coordinator that is not the one the
   * evaluation was submitted to (restored from elsewhere, or another deployment behind the URL). A
   * request without a requester (a coordinator without callers keeps none) is taken on the
   * evaluation's word.
   */
  private static void requireOrganization(OverrideRequestRecord record, SimulationRow simulation) {
    Requester requester = record.requester();
    if (requester != null
        && !requester.organizationId().equals(simulation.organizationId().toString())) {
      LOG.warn(
          "Override request {} at the coordinator is of organization {}, not of simulation {}'s",
          record.coordinatorRequestId(),
          requester.organizationId(),
          simulation.id());
      throw new ApiException(
          404,
          ErrorCodes.NOT_FOUND,
          "The coordinator holds no override request "
              + record.coordinatorRequestId()
              + " of this simulation's organization");
    }
  }

  static EvaluationOverrideRequest answer(OverrideRequestRecord record, AppliedToken applied) {
    List<AuditEvent> audit = record.audit() == null ? List.of() : record.audit();
    return new EvaluationOverrideRequest(
        record.coordinatorRequestId(),
        record.status(),
        record.submittedAt(),
        record.requestExpiresAt(),
        record.requiredApprovals(),
        record.approvals(),
        audit.stream().flatMap(e -> decision(e).stream()).toList(),
        record.tokenId(),
        audit.stream()
            .filter(e -> e.eventType() == AuditEventType.REDEEMED)
            .map(e -> new TokenRedemption(e.timestamp(), e.actorId()))
            .findFirst()
            .orElse(null),
        applied);
  }

  /** An operator's decision, when the event is one. */
  private static Optional<OperatorDecision> decision(AuditEvent event) {
    Optional<DecisionKind> kind =
        switch (event.eventType()) {
          case PARTIAL_APPROVAL -> Optional.of(DecisionKind.PARTIAL_APPROVAL);
          case APPROVED -> Optional.of(DecisionKind.APPROVED);
          case DENIED -> Optional.of(DecisionKind.DENIED);
          case SUBMITTED, EXPIRED, REDEEMED -> Optional.empty();
        };
    // an empty note (the coordinator takes one) is no note, as the answer describes it
    String note = event.note() == null || event.note().isEmpty() ? null : event.note();
    return kind.map(k -> new OperatorDecision(event.actorId(), k, event.timestamp(), note));
  }
}
