package io.causality.hitl.coordinator.policy;

import io.causality.hitl.protocol.policy.PolicyFiles;
import io.causality.hitl.protocol.policy.PolicyFormatException;
import io.causality.hitl.protocol.policy.SignedPolicy;
import io.dropwizard.jersey.validation.Validators;
import jakarta.validation.Validator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reads the deployment policy file. */
public final class PolicyLoader {

  /**
   * Dropwizard's validator, for the policy file's constraints. The loader runs in commands that
   * have no {@code Environment} as well as at startup, so it keeps one of its own.
   */
  private static final Validator VALIDATOR = Validators.newValidator();

  private PolicyLoader() {}

  /** Reads and parses a policy file; failures name the file. */
  public static SignedPolicy load(Path policyPath) {
    try {
      return PolicyFiles.parse(Files.readString(policyPath, StandardCharsets.UTF_8), VALIDATOR);
    } catch (NoSuchFileException e) {
      throw new StartupCheckException("policy file " + policyPath + ": no such file", e);
    } catch (IOException e) {
      throw new StartupCheckException(
          "policy file " + policyPath + ": cannot read: " + e.getMessage(), e);
    } catch (PolicyFormatException e) {
      throw new StartupCheckException("policy file " + policyPath + ": " + e.getMessage(), e);
    }
  }
}
