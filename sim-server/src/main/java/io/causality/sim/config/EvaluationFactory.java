package io.causality.sim.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.causality.hitl.protocol.CoordinatorClient;
import io.causality.hitl.protocol.DeploymentPolicy;
import io.causality.hitl.protocol.OverrideTokenVerifier;
import io.causality.sim.evaluation.EvaluationPolicies;
import io.causality.sim.evaluation.EvaluationRequests;
import io.causality.sim.evaluation.EvaluationRuntime;
import io.causality.sim.evaluation.Evaluator;
import io.causality.sim.evaluation.OverrideRedemption;
import io.causality.sim.evaluation.StateGate;
import io.dropwizard.util.Duration;
import io.dropwizard.validation.MinDuration;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@code evaluation}: the deployment policy the state gate runs on, and the coordinator that
 * redeems override tokens. Without {@code policyPath} the evaluation endpoints answer 503.
 */
public class EvaluationFactory {
  /** Where the coordinator listens unless configured: its own default bind. */
  public static final String DEFAULT_COORDINATOR_URL = "http://127.0.0.1:8090";

  private String policyPath;

  @NotNull private URI coordinatorUrl = URI.create(DEFAULT_COORDINATOR_URL);

  @NotNull
  @MinDuration(value = 1, unit = TimeUnit.MILLISECONDS)
  private Duration timeout = Duration.seconds(5);

  private String coordinatorToken;

  @NotBlank private String licenseId = "sim-server";

  /** The signed deployment policy file; empty disables evaluation. */
  @JsonProperty
  public String getPolicyPath() {
    return policyPath;
  }

  @JsonProperty
  public void setPolicyPath(String policyPath) {
    this.policyPath = policyPath;
  }

  @JsonProperty
  public URI getCoordinatorUrl() {
    return coordinatorUrl;
  }

  @JsonProperty
  public void setCoordinatorUrl(URI coordinatorUrl) {
    this.coordinatorUrl = coordinatorUrl;
  }

  /** The bound on each coordinator call, body included; fail-closed past it. */
  @JsonProperty
  public Duration getTimeout() {
    return timeout;
  }

  @JsonProperty
  public void setTimeout(Duration timeout) {
    this.timeout = timeout;
  }

  /** Bearer token for a coordinator with callers; from the environment, empty for none. */
  @JsonProperty
  public String getCoordinatorToken() {
    return coordinatorToken;
  }

  @JsonProperty
  public void setCoordinatorToken(String coordinatorToken) {
    this.coordinatorToken = coordinatorToken;
  }

  /** The license presented at redemption when a request names none. */
  @JsonProperty
  public String getLicenseId() {
    return licenseId;
  }

  @JsonProperty
  public void setLicenseId(String licenseId) {
    this.licenseId = licenseId;
  }

  /** Whether a policy is configured. */
  public boolean isEnabled() {
    return policyPath != null && !policyPath.isBlank();
  }

  /**
   * The runtime; reads the policy now, so a missing or invalid file stops the start with an {@link
   * io.causality.sim.evaluation.EvaluationPolicyException}.
   */
  public EvaluationRuntime build(Clock clock) {
    if (!isEnabled()) {
      return EvaluationRuntime.disabled();
    }
    DeploymentPolicy policy = EvaluationPolicies.load(Path.of(policyPath));
    StateGate gate = StateGate.of(policy);
    CoordinatorClient client = buildClient();
    OverrideRedemption redemption =
        new OverrideRedemption(
            new OverrideTokenVerifier(policy, clock), client, policy.policyVersion());
    return EvaluationRuntime.enabled(
        new EvaluationRuntime.Parts(
            new Evaluator(gate, redemption, licenseId), new EvaluationRequests(gate), client));
  }

  private CoordinatorClient buildClient() {
    Optional<String> token = Optional.ofNullable(coordinatorToken).filter(t -> !t.isBlank());
    return new CoordinatorClient(
        coordinatorUrl, java.time.Duration.ofMillis(timeout.toMilliseconds()), token);
  }
}
