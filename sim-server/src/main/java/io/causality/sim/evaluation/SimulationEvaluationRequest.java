package io.causality.sim.evaluation;

/**
 * Body of {@code POST /v1/simulations/{id}/evaluations}; every member is optional.
 *
 * @param actorId the actor of the evaluation; default {@code simulation:<id>}
 * @param licenseId the license bound into a token: always the simulation's organization's; a body
 *     may name it, and naming another is a 400
 * @param submit submit a rejection to the coordinator for a human
 */
public record SimulationEvaluationRequest(String actorId, String licenseId, Boolean submit) {

  /** What an empty body means. */
  public static final SimulationEvaluationRequest DEFAULTS =
      new SimulationEvaluationRequest(null, null, false);

  public boolean wantsSubmission() {
    return Boolean.TRUE.equals(submit);
  }
}
