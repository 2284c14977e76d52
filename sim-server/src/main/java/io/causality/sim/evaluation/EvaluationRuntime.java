package io.causality.sim.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.common.errors.ApiException;
import io.causality.hitl.protocol.client.CoordinatorClient;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.sim.core.organization.Caller;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The evaluation runtime as configured: the evaluator and its coordinator client, or nothing when
 * no {@code evaluation.policyPath} is set, in which case the endpoints answer 503 {@code
 * EVALUATION_DISABLED} and the rest of the service runs as before.
 *
 * <p>A reload of the policy ({@code config.EvaluationReload}) swaps all the parts that depend on it
 * at once; each evaluation takes the parts once ({@link #require}) and so never sees a mix.
 */
public final class EvaluationRuntime {
  /** The code of the 503 answered while evaluation is not configured. */
  public static final String DISABLED = "EVALUATION_DISABLED";

  /** Empty while evaluation is not configured; set for good otherwise. */
  private final Optional<AtomicReference<Parts>> parts;

  /**
   * What an enabled runtime is made of.
   *
   * @param policy the checked deployment policy the evaluator and the requests' gate run on
   * @param appliedTokens the tokens applied here, kept across reloads
   */
  public record Parts(
      DeploymentPolicy policy,
      Evaluator evaluator,
      EvaluationRequests requests,
      CoordinatorClient coordinator,
      OrganizationLicenses licenses,
      AppliedTokens appliedTokens) {}

  private EvaluationRuntime(Optional<Parts> parts) {
    this.parts = parts.map(AtomicReference::new);
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

  /** The parts in force, when enabled. */
  public Optional<Parts> current() {
    return parts.map(AtomicReference::get);
  }

  /**
   * Puts parts built on a checked policy in force, atomically.
   *
   * @throws IllegalStateException when evaluation is not configured
   */
  public void replace(Parts next) {
    parts
        .orElseThrow(() -> new IllegalStateException("evaluation is not configured"))
        .set(Objects.requireNonNull(next, "next"));
  }

  /** The runtime's parts, or the 503 that says evaluation is not configured. */
  public Parts require() {
    return current()
        .orElseThrow(
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
