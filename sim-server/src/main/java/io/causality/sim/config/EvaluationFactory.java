package io.causality.sim.config;

import com.codahale.metrics.health.HealthCheck;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.google.common.net.InetAddresses;
import io.causality.common.config.Substituted;
import io.causality.hitl.protocol.client.CallObserver;
import io.causality.hitl.protocol.client.CoordinatorClient;
import io.causality.hitl.protocol.policy.CoordinatorKey;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.OverrideTokenVerifier;
import io.causality.hitl.protocol.policy.PolicyTrust;
import io.causality.sim.evaluation.AppliedTokens;
import io.causality.sim.evaluation.EvaluationPolicies;
import io.causality.sim.evaluation.EvaluationPolicyException;
import io.causality.sim.evaluation.EvaluationRequests;
import io.causality.sim.evaluation.EvaluationRuntime;
import io.causality.sim.evaluation.Evaluator;
import io.causality.sim.evaluation.OrganizationLicenses;
import io.causality.sim.evaluation.OverrideRedemption;
import io.causality.sim.evaluation.PolicyHealthCheck;
import io.causality.sim.evaluation.StateGate;
import io.causality.sim.health.CoordinatorHealthCheck;
import io.dropwizard.util.Duration;
import io.dropwizard.validation.MinDuration;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotNull;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code evaluation}: the deployment policy the state gate runs on, and the coordinator that
 * redeems override tokens. Without {@code policyPath} the evaluation endpoints answer 503.
 */
public class EvaluationFactory {
  /** Where the coordinator listens unless configured: its own default bind. */
  public static final String DEFAULT_COORDINATOR_URL = "http://127.0.0.1:8090";

  private static final Logger LOG = LoggerFactory.getLogger(EvaluationFactory.class);

  private String policyPath;

  @NotNull private URI coordinatorUrl = URI.create(DEFAULT_COORDINATOR_URL);

  @NotNull
  @MinDuration(value = 1, unit = TimeUnit.MILLISECONDS)
  private Duration timeout = Duration.seconds(5);

  @Substituted private String coordinatorToken;

  private String coordinatorTokenFile;

  private boolean allowInsecureCoordinator;

  private String trustedPolicyKeyPemPath;

  private boolean requirePolicySignature;

  /**
   * Ignored since an evaluation presents its organization's license (docs/evaluation.md,
   * "Licenses"); still accepted so that old configuration files start, with a warning.
   */
  @Deprecated private String licenseId;

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

  /**
   * A file holding the bearer token (its first line), as {@code dev-init} writes it owner-only; the
   * token's alternative to {@code coordinatorToken}.
   */
  @JsonProperty
  public String getCoordinatorTokenFile() {
    return coordinatorTokenFile;
  }

  @JsonProperty
  public void setCoordinatorTokenFile(String coordinatorTokenFile) {
    this.coordinatorTokenFile = coordinatorTokenFile;
  }

  /** At most one of {@code coordinatorToken} and {@code coordinatorTokenFile}. */
  @JsonIgnore
  @AssertTrue(
      message = "is false: give evaluation.coordinatorToken or coordinatorTokenFile, not both")
  public boolean isOneCoordinatorToken() {
    return isBlank(coordinatorToken) || isBlank(coordinatorTokenFile);
  }

  private static boolean isBlank(String value) {
    return value == null || value.isBlank();
  }

  /**
   * Whether plain http may reach a coordinator that is not on this machine. Off: redemptions and
   * the coordinator token would cross the network in the clear, so such a URL stops the start.
   */
  @JsonProperty
  public boolean isAllowInsecureCoordinator() {
    return allowInsecureCoordinator;
  }

  @JsonProperty
  public void setAllowInsecureCoordinator(boolean allowInsecureCoordinator) {
    this.allowInsecureCoordinator = allowInsecureCoordinator;
  }

  /**
   * The coordinator is reached over https, or over http on loopback, or the operator said plain
   * http is acceptable. Only literal loopback addresses and {@code localhost} count: a name is not
   * resolved, since what it resolves to can change after the start.
   */
  @JsonIgnore
  @AssertTrue(
      message =
          "is false: evaluation.coordinatorUrl must be https, or http to a loopback address"
              + " (127.0.0.0/8, [::1], localhost); set evaluation.allowInsecureCoordinator: true"
              + " to accept plain http")
  public boolean isCoordinatorTransportSafe() {
    String scheme = coordinatorUrl == null ? null : coordinatorUrl.getScheme();
    if (scheme == null || !scheme.equalsIgnoreCase("http")) {
      return scheme != null && scheme.equalsIgnoreCase("https");
    }
    return allowInsecureCoordinator || isLoopback(coordinatorUrl.getHost());
  }

  private static boolean isLoopback(String host) {
    if (host == null) {
      return false;
    }
    String literal = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    if (literal.toLowerCase(Locale.ROOT).equals("localhost")) {
      return true;
    }
    return InetAddresses.isInetAddress(literal)
        && InetAddresses.forString(literal).isLoopbackAddress();
  }

  /**
   * The public key the policy's signature must verify with, as the coordinator's {@code
   * policy.trustedKeyPemPath}; null when not set. Set but blank stops the start.
   */
  @JsonProperty
  public String getTrustedPolicyKeyPemPath() {
    return trustedPolicyKeyPemPath;
  }

  @JsonProperty
  public void setTrustedPolicyKeyPemPath(String trustedPolicyKeyPemPath) {
    this.trustedPolicyKeyPemPath = trustedPolicyKeyPemPath;
  }

  /** Whether a policy whose signature is not checked (no trusted key) stops the start. */
  @JsonProperty
  public boolean isRequirePolicySignature() {
    return requirePolicySignature;
  }

  @JsonProperty
  public void setRequirePolicySignature(boolean requirePolicySignature) {
    this.requirePolicySignature = requirePolicySignature;
  }

  /** Deprecated and ignored: the license is the organization's. */
  @Deprecated
  @JsonProperty
  public String getLicenseId() {
    return licenseId;
  }

  @Deprecated
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
  public EvaluationRuntime build(Clock clock, Jdbi jdbi) {
    return build(clock, jdbi, CallObserver.NONE);
  }

  /**
   * The runtime, its coordinator client telling {@code calls} of each call (trace context and the
   * call's time).
   */
  public EvaluationRuntime build(Clock clock, Jdbi jdbi, CallObserver calls) {
    warnOfIgnoredLicense();
    if (!isEnabled()) {
      return EvaluationRuntime.disabled();
    }
    return EvaluationRuntime.enabled(
        parts(
            loadPolicy(),
            clock,
            buildClient(calls),
            new OrganizationLicenses(jdbi),
            new AppliedTokens(jdbi, clock)));
  }

  /**
   * The policy at {@code policyPath}, checked as at a start (it parses, has a gate and a {@code
   * coordinatorKey}, and its signature holds by {@code trustedPolicyKeyPemPath} and {@code
   * requirePolicySignature}); the trusted key file is read again too.
   *
   * @throws io.causality.sim.evaluation.EvaluationPolicyException naming the file and the problem
   */
  public DeploymentPolicy loadPolicy() {
    DeploymentPolicy policy = EvaluationPolicies.load(Path.of(policyPath), policyTrust());
    coordinatorKeyOf(policy);
    return policy;
  }

  /**
   * The parts that run on {@code policy} (gate, token verifier, the coordinator's key its
   * redemption answers are verified with), around the client, licenses and applied-token record
   * that outlive it.
   */
  public EvaluationRuntime.Parts parts(
      DeploymentPolicy policy,
      Clock clock,
      CoordinatorClient client,
      OrganizationLicenses licenses,
      AppliedTokens appliedTokens) {
    StateGate gate = StateGate.of(policy);
    OverrideRedemption redemption =
        new OverrideRedemption(
            new OverrideTokenVerifier(policy, clock),
            client,
            policy.policyVersion(),
            coordinatorKeyOf(policy),
            appliedTokens,
            new SecureRandom());
    return new EvaluationRuntime.Parts(
        policy,
        new Evaluator(gate, redemption),
        new EvaluationRequests(gate),
        client,
        licenses,
        appliedTokens);
  }

  @SuppressWarnings("deprecation")
  private void warnOfIgnoredLicense() {
    if (licenseId != null) {
      LOG.warn(
          "evaluation.licenseId ({}) is ignored: an evaluation presents the license of the"
              + " caller's organization; remove the key",
          licenseId);
    }
  }

  private PolicyTrust policyTrust() {
    return new PolicyTrust(
        "evaluation.trustedPolicyKeyPemPath", trustedPolicyKeyPemPath, requirePolicySignature);
  }

  /**
   * The health checks of an enabled runtime, by name: the policy file ({@link PolicyHealthCheck})
   * and the coordinator ({@link CoordinatorHealthCheck}, which only degrades the service). None
   * when evaluation is off.
   */
  public Map<String, HealthCheck> buildHealthChecks(EvaluationRuntime runtime) {
    if (!runtime.isEnabled()) {
      return Map.of();
    }
    EvaluationRuntime.Parts parts = runtime.require();
    boolean signed = trustedPolicyKeyPemPath != null && !trustedPolicyKeyPemPath.isBlank();
    return Map.of(
        PolicyHealthCheck.NAME,
        new PolicyHealthCheck(
            Path.of(policyPath),
            policyTrust(),
            () -> parts.evaluator().gate().policyVersion(),
            signed),
        CoordinatorHealthCheck.NAME,
        new CoordinatorHealthCheck(parts.coordinator()));
  }

  /**
   * The key the coordinator signs its redemption answers with: the policy's {@code coordinatorKey},
   * since the policy is signed by the policy-signing key this service trusts. Without it an answer
   * could not be told from a fake coordinator's, so the start stops.
   */
  private PublicKey coordinatorKeyOf(DeploymentPolicy policy) {
    return policy
        .coordinatorKeySection()
        .map(CoordinatorKey::publicKey)
        .orElseThrow(
            () ->
                new EvaluationPolicyException(
                    "evaluation.policyPath "
                        + policyPath
                        + ": no coordinatorKey: the coordinator's redemption answers are"
                        + " verified with it (dev-init writes one, docs/evaluation.md)",
                    null));
  }

  private CoordinatorClient buildClient(CallObserver calls) {
    return new CoordinatorClient(
        coordinatorUrl, java.time.Duration.ofMillis(timeout.toMilliseconds()), token(), calls);
  }

  /** The bearer token: {@code coordinatorToken}, else the first line of the token file. */
  private Optional<String> token() {
    if (!isBlank(coordinatorToken)) {
      return Optional.of(coordinatorToken);
    }
    if (isBlank(coordinatorTokenFile)) {
      return Optional.empty();
    }
    try {
      String token =
          Files.readString(Path.of(coordinatorTokenFile), StandardCharsets.UTF_8).strip();
      if (token.isEmpty()) {
        throw new EvaluationPolicyException(
            "evaluation.coordinatorTokenFile " + coordinatorTokenFile + " is empty", null);
      }
      return Optional.of(token);
    } catch (IOException e) {
      throw new EvaluationPolicyException(
          "evaluation.coordinatorTokenFile "
              + coordinatorTokenFile
              + " cannot be read ("
              + e.getClass().getSimpleName()
              + ")",
          e);
    }
  }
}
