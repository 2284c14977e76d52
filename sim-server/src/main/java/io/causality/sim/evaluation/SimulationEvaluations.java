package io.causality.sim.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.protocol.client.CoordinatorResult;
import io.causality.hitl.protocol.wire.Decision;
import io.causality.hitl.protocol.wire.ProtocolJson;
import io.causality.hitl.protocol.wire.Requester;
import io.causality.hitl.protocol.wire.SubmitOverrideRequest;
import io.causality.hitl.protocol.wire.SubmitOverrideResponse;
import io.causality.sim.core.SimulationAccess;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.metrics.SimMetrics;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Evaluates a simulation's current stored state against the gate: gamma is the mean gamma of its
 * live agents ({@link SimulationGammaReader}), the trend its change per tick over the last ticks.
 * On request, a rejection goes to the coordinator with a sentinel feed and summary.
 */
public final class SimulationEvaluations {
  /** The {@code source} label of submissions made by this runtime. */
  public static final String SOURCE = "sim-server";

  private static final Logger LOG = LoggerFactory.getLogger(SimulationEvaluations.class);
  private static final ObjectMapper JSON = ProtocolJson.newMapper();

  private final EvaluationRuntime runtime;
  private final SimulationAccess access;
  private final SimulationGammaReader gammas;
  private final EvaluationJournal journal;
  private final Clock clock;

  public SimulationEvaluations(
      EvaluationRuntime runtime,
      SimulationAccess access,
      SimulationGammaReader gammas,
      EvaluationJournal journal,
      Clock clock) {
    this.runtime = Objects.requireNonNull(runtime, "runtime");
    this.access = Objects.requireNonNull(access, "access");
    this.gammas = Objects.requireNonNull(gammas, "gammas");
    this.journal = Objects.requireNonNull(journal, "journal");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** The simulation's evaluations so far, newest first (kept whether or not the gate is on). */
  public EvaluationJournal.Listed list(Caller caller, UUID id, int limit, long offset) {
    return journal.page(caller, id, limit, offset);
  }

  public SimulationEvaluation evaluate(Caller caller, UUID id, SimulationEvaluationRequest body) {
    EvaluationRuntime.Parts parts = runtime.require();
    SimulationRow row = access.accessible(caller, id);
    // Before the replay that reads gamma, so that a refused license costs nothing.
    String licenseId =
        parts
            .licenses()
            .forOrganization(row.organizationId(), Optional.ofNullable(body.licenseId()));
    GammaHistory history = gammas.read(row);
    String actorId = body.actorId() != null ? body.actorId() : "simulation:" + id;
    ObjectNode request = request(row, history, actorId, licenseId, parts.evaluator().gate());
    EvaluationResponse response =
        parts.evaluator().evaluate(parts.requests().parse(request), licenseId);
    boolean rejected = response.decision().equals(Decision.REJECT_STATE.name());
    SimulationEvaluation evaluation;
    if (!body.wantsSubmission() || !rejected) {
      evaluation = new SimulationEvaluation(request, response, null, null);
    } else {
      Submission submission = submit(parts, caller, row, history, request, response, licenseId);
      evaluation =
          new SimulationEvaluation(
              request, response, submission.coordinatorRequestId(), submission);
    }
    journal.record(caller, id, history.tick(), evaluation);
    return evaluation;
  }

  private ObjectNode request(
      SimulationRow row, GammaHistory history, String actorId, String licenseId, StateGate gate) {
    ObjectNode request =
        JsonNodeFactory.instance
            .objectNode()
            .put("envelopeVersion", EvaluationRequests.ENVELOPE_VERSION)
            .put("requestId", UUID.randomUUID().toString())
            .put("actorId", actorId)
            .put(EvaluationRequests.LICENSE_ID, licenseId)
            .put("simulationId", row.id().toString());
    ObjectNode snapshot =
        request
            .putObject("snapshot")
            .put("timestamp", clock.instant().truncatedTo(ChronoUnit.MILLIS).toString());
    ObjectNode metrics = snapshot.putObject("metrics").put(gate.metric(), history.gamma());
    history.trend().ifPresent(trend -> metrics.put(gate.trendMetric(), trend));
    metrics.put("b", history.b()).put("tick", history.tick());
    return request;
  }

  private Submission submit(
      EvaluationRuntime.Parts parts,
      Caller caller,
      SimulationRow row,
      GammaHistory history,
      ObjectNode request,
      EvaluationResponse response,
      String licenseId) {
    StateGate gate = parts.evaluator().gate();
    GateResult result = gate.judge(history.gamma(), history.trend());
    String actorId = request.get("actorId").asText();
    SubmitOverrideRequest submission =
        new SubmitOverrideRequest(
            request,
            JSON.valueToTree(response),
            licenseId,
            actorId,
            SentinelReports.feed(row, history, actorId, gate.floor()),
            SentinelReports.summary(row, history, result, gate.floor()),
            SOURCE,
            requester(caller, row));
    Submission outcome = outcome(parts.coordinator().submit(submission));
    SimMetrics.escalated(outcome.status());
    LOG.info(
        "Submitted the rejection of simulation {} to the coordinator: {} {}",
        row.id(),
        outcome.status(),
        outcome.coordinatorRequestId());
    return outcome;
  }

  /**
   * Who asked, as this service authenticated them: the API key id or the JWT subject, in the
   * simulation's organization. It goes in the submission's {@code requester}, which the coordinator
   * takes only from its evaluation-runtime caller: the evaluation body cannot name it.
   */
  static Requester requester(Caller caller, SimulationRow row) {
    return new Requester(
        row.organizationId().toString(),
        caller.isApiKey() ? Requester.RequesterKind.API_KEY : Requester.RequesterKind.USER,
        caller.id());
  }

  private static Submission outcome(CoordinatorResult<SubmitOverrideResponse> result) {
    if (result instanceof CoordinatorResult.Success<SubmitOverrideResponse> success) {
      return new Submission(Submission.SUBMITTED, success.value().coordinatorRequestId(), null);
    }
    if (result instanceof CoordinatorResult.Refused<SubmitOverrideResponse> refused) {
      JsonNode existing = refused.rawBody().path("coordinatorRequestId");
      return existing.isTextual()
          ? new Submission(Submission.DEDUPLICATED, existing.asText(), refused.errorCode())
          : new Submission(Submission.REFUSED, null, refused.errorCode());
    }
    return new Submission(Submission.UNAVAILABLE, null, null);
  }
}
