package io.causality.sim.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.common.errors.ApiException;
import io.causality.hitl.protocol.client.CoordinatorClient;
import io.causality.sim.core.organization.Caller;
import java.util.Optional;

/**
 * The evaluation runtime as configured: the evaluator and its coordinator client, or nothing when
 * no {@code evaluation.policyPath} is set, in which case the endpoints answer 503 {@code
 * EVALUATION_DISABLED} and the rest of the service runs as before.
 */
public final class EvaluationRuntime {
  /** The code of the 503 answered while evaluation is not configured. */
  public static final String DISABLED = "EVALUATION_DISABLED";

  private final Optional<Parts> parts;

  /** What an enabled runtime is made of. */
  public record Parts(
      Evaluator evaluator,
      EvaluationRequests requests,
      CoordinatorClient coordinator,
      OrganizationLicenses licenses) {}

  private EvaluationRuntime(Optional<Parts> parts) {
    this.parts = parts;
  }

  public static EvaluationRuntime enabled(Parts parts) {
    return new EvaluationRuntime(Optional.of(parts));
  }

  public static EvaluationRuntime disabled() {
    return new EvaluationRuntime(Optional.empty());
  }

  public boolean isEnabled() {
    return parts.isPresent();
  }

  /** The runtime's parts, or the 503 that says evaluation is not configured. */
  public Parts require() {
    return parts.orElseThrow(
        () ->
            new ApiException(
                503,
                DISABLED,
                "Evaluation is not configured on this server: set evaluation.policyPath"));
  }

  /**
   * Validates and evaluates one evaluationRequest of {@code caller}, presenting the license of the
   * caller's organization.
   */
  public EvaluationResponse evaluate(Caller caller, JsonNode body) {
    Parts enabled = require();
    EvaluationInput input = enabled.requests().parse(body);
    String licenseId = enabled.licenses().forCaller(caller, input.licenseId());
    return enabled.evaluator().evaluate(input, licenseId);
  }
}
