package io.causality.sim.evaluation;

import com.codahale.metrics.health.HealthCheck;
import com.codahale.metrics.health.annotation.Async;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.PolicyTrust;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The {@code policy} health check: the deployment policy file still reads, its signature verifies
 * with the trusted key (by the same rules as at start), and it is the version the state gate
 * serves. Run every 30 seconds in the background (a file read and a signature check), so that a
 * health poll never waits for it.
 */
@Async(period = 30, unit = TimeUnit.SECONDS)
public final class PolicyHealthCheck extends HealthCheck {
  public static final String NAME = "policy";

  private final Path path;
  private final PolicyTrust trust;
  private final LongSupplier servedVersion;
  private final boolean signatureChecked;

  /**
   * @param signatureChecked whether a trusted key is configured (otherwise the signature is read
   *     but cannot be verified, and the message says so)
   */
  public PolicyHealthCheck(
      Path path, PolicyTrust trust, LongSupplier servedVersion, boolean signatureChecked) {
    this.path = Objects.requireNonNull(path, "path");
    this.trust = Objects.requireNonNull(trust, "trust");
    this.servedVersion = Objects.requireNonNull(servedVersion, "servedVersion");
    this.signatureChecked = signatureChecked;
  }

  @Override
  protected Result check() {
    DeploymentPolicy policy;
    try {
      policy = EvaluationPolicies.load(path, trust);
    } catch (EvaluationPolicyException e) {
      return Result.unhealthy(e.getMessage());
    }
    long served = servedVersion.getAsLong();
    if (policy.policyVersion() != served) {
      return Result.unhealthy(
          "%s holds policy version %d, the gate serves version %d",
          path, policy.policyVersion(), served);
    }
    return Result.healthy(
        "policy version %d loaded, %s",
        served,
        signatureChecked ? "signature valid" : "signature not checked (no trusted key configured)");
  }
}
