package io.causality.sim.evaluation;

import io.causality.hitl.protocol.DeploymentPolicy;
import io.causality.hitl.protocol.PolicyFiles;
import io.causality.hitl.protocol.PolicyFormatException;
import io.dropwizard.jersey.validation.Validators;
import jakarta.validation.Validator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads the deployment policy the gate runs on, before the service serves anything. */
public final class EvaluationPolicies {
  /** Dropwizard's validator, for the policy file's constraints; the file is read before Jersey. */
  private static final Validator VALIDATOR = Validators.newValidator();

  private EvaluationPolicies() {}

  /**
   * The policy at {@code path}, with a {@code gate} section; otherwise an {@link
   * EvaluationPolicyException} whose message is one line naming the file.
   */
  public static DeploymentPolicy load(Path path) {
    String text;
    try {
      text = Files.readString(path);
    } catch (IOException e) {
      throw failure(path, "cannot read the file (" + e.getClass().getSimpleName() + ")", e);
    }
    try {
      DeploymentPolicy policy = PolicyFiles.parse(text, VALIDATOR).policy();
      StateGate.of(policy);
      return policy;
    } catch (PolicyFormatException | IllegalArgumentException e) {
      throw failure(path, e.getMessage(), e);
    }
  }

  private static EvaluationPolicyException failure(Path path, String problem, Exception e) {
    return new EvaluationPolicyException("evaluation.policyPath " + path + ": " + problem, e);
  }
}
