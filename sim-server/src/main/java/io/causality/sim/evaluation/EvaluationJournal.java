package io.causality.sim.evaluation;

import io.causality.common.errors.ApiException;
import io.causality.common.errors.ErrorCodes;
import io.causality.sim.core.SimulationAccess;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.db.EvaluationDao;
import io.causality.sim.db.EvaluationRow;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;

/**
 * The evaluations of each simulation, kept as they are answered: the tick, the decision, who asked,
 * and the override request a rejection was submitted as. The coordinator keeps the request; this is
 * what ties it to the simulation, for the people who may see the simulation (docs/evaluation.md, "A
 * simulation's evaluations").
 */
public final class EvaluationJournal {
  private final Jdbi jdbi;
  private final SimulationAccess access;
  private final Clock clock;

  public EvaluationJournal(Jdbi jdbi, SimulationAccess access, Clock clock) {
    this.jdbi = jdbi;
    this.access = access;
    this.clock = clock;
  }

  /** Keeps an evaluation of {@code simulationId} at {@code tick}, before it is answered. */
  void record(Caller caller, UUID simulationId, long tick, SimulationEvaluation evaluation) {
    EvaluationResponse response = evaluation.evaluationResponse();
    Submission submission = evaluation.submission();
    EvaluationRow row =
        new EvaluationRow(
            UUID.randomUUID(),
            simulationId,
            tick,
            response.decision(),
            response.reasonCode(),
            evaluation.evaluationRequest().path("actorId").asText(),
            caller.getName(),
            submission == null ? null : submission.status(),
            submission == null ? null : submission.coordinatorRequestId(),
            submission == null ? null : submission.errorCode(),
            clock.instant().truncatedTo(ChronoUnit.MICROS));
    jdbi.useExtension(EvaluationDao.class, dao -> dao.insert(row));
  }

  /** A page of a simulation's evaluations, and how many it has in all. */
  public record Listed(List<EvaluationRecord> records, long total) {}

  /** The simulation's evaluations, newest first, for a caller who may see it. */
  public Listed page(Caller caller, UUID simulationId, int limit, long offset) {
    access.check(caller, simulationId);
    return jdbi.withExtension(
        EvaluationDao.class,
        dao ->
            new Listed(
                dao.page(simulationId, limit, offset).stream()
                    .map(EvaluationJournal::record)
                    .toList(),
                dao.count(simulationId)));
  }

  /**
   * The override request evaluation {@code evaluationId} of the simulation escalated (submitted, or
   * joined as a duplicate of a pending one). The caller's access to the simulation is checked
   * before.
   *
   * @throws ApiException 404 when the simulation has no such evaluation, or the evaluation
   *     escalated no request (not submitted, refused, or the coordinator did not answer)
   */
  String escalatedRequest(UUID simulationId, UUID evaluationId) {
    EvaluationRow row =
        jdbi.withExtension(EvaluationDao.class, dao -> dao.find(simulationId, evaluationId))
            .orElseThrow(
                () ->
                    notFound("Simulation " + simulationId + " has no evaluation " + evaluationId));
    if (row.coordinatorRequestId() == null) {
      throw notFound(
          "Evaluation "
              + evaluationId
              + " escalated no override request: "
              + (row.submissionStatus() == null
                  ? "it was not submitted"
                  : "its submission was " + row.submissionStatus()));
    }
    return row.coordinatorRequestId();
  }

  private static ApiException notFound(String message) {
    return new ApiException(404, ErrorCodes.NOT_FOUND, message);
  }

  private static EvaluationRecord record(EvaluationRow row) {
    Submission submission =
        row.submissionStatus() == null
            ? null
            : new Submission(
                row.submissionStatus(), row.coordinatorRequestId(), row.submissionError());
    return new EvaluationRecord(
        row.id(),
        row.tick(),
        row.decision(),
        row.reasonCode(),
        row.actorId(),
        row.requestedBy(),
        submission,
        row.createdAt());
  }
}
