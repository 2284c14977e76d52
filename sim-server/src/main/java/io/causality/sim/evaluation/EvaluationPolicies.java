package io.causality.sim.evaluation;

import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.PolicyFiles;
import io.causality.hitl.protocol.policy.PolicyFormatException;
import io.causality.hitl.protocol.policy.PolicyTrust;
import io.causality.hitl.protocol.policy.SignedPolicy;
import io.dropwizard.jersey.validation.Validators;
import jakarta.validation.Validator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Reads the deployment policy the gate runs on, before the service serves anything. */
public final class EvaluationPolicies {
  /** Dropwizard's validator, for the policy file's constraints; the file is read before Jersey. */
  private static final Validator VALIDATOR = Validators.newValidator();

  private static final Logger LOG = LoggerFactory.getLogger(EvaluationPolicies.class);

  private EvaluationPolicies() {}

  /**
   * The policy at {@code path}, with a {@code gate} section; otherwise an {@link
   * EvaluationPolicyException} whose message is one line naming the file.
   */
  public static DeploymentPolicy load(Path path, PolicyTrust trust) {
    String text;
    try {
      text = Files.readString(path);
    } catch (IOException e) {
      throw failure(path, "cannot read the file (" + e.getClass().getSimpleName() + ")", e);
    }
    SignedPolicy file;
    try {
      file = PolicyFiles.parse(text, VALIDATOR);
      StateGate.of(file.policy());
    } catch (PolicyFormatException | IllegalArgumentException e) {
      throw failure(path, e.getMessage(), e);
    }
    checkSignature(file, path, trust);
    return file.policy();
  }

  /** The coordinator's rules for the policy's signature (hitl-protocol's {@link PolicyTrust}). */
  private static void checkSignature(SignedPolicy file, Path path, PolicyTrust trust) {
    try {
      trust.check(file, path).forEach(warning -> LOG.warn("Evaluation policy: {}", warning));
    } catch (PolicyFormatException e) {
      throw new EvaluationPolicyException(e.getMessage(), e);
    }
  }

  private static EvaluationPolicyException failure(Path path, String problem, Exception e) {
    return new EvaluationPolicyException("evaluation.policyPath " + path + ": " + problem, e);
  }
}
