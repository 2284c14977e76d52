package io.causality.hitl.coordinator.reload;

import io.causality.common.lifecycle.ReloadOutcome;
import io.causality.common.lifecycle.Reloadable;
import io.causality.hitl.coordinator.auth.OperatorCallers;
import io.causality.hitl.coordinator.config.CallerConfig;
import io.causality.hitl.coordinator.crypto.AuthoritySigner;
import io.causality.hitl.coordinator.crypto.CoordinatorSigner;
import io.causality.hitl.coordinator.crypto.KeyRing;
import io.causality.hitl.coordinator.crypto.SigningKeys;
import io.causality.hitl.coordinator.policy.AuthorityKeyConfig;
import io.causality.hitl.coordinator.policy.CoordinatorKeyCheck;
import io.causality.hitl.coordinator.policy.StartupCheckException;
import io.causality.hitl.coordinator.policy.StartupChecks;
import io.causality.hitl.coordinator.policy.StartupReport;
import io.causality.hitl.protocol.policy.PolicySuccession;
import io.causality.hitl.protocol.policy.PolicyTrust;
import io.dropwizard.configuration.ConfigurationException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coordinator's reload: reads the configuration file again for {@code policy}, {@code
 * authorities} and {@code coordinatorKey}, runs every startup check on them (the policy and its
 * signature, the hitl section, the token lifetimes and quorum, the keys against the policy, the
 * coordinator's key against the policy's {@code coordinatorKey}, the operator callers), then the
 * rules of {@link PolicySuccession}; only when all pass does it put the new {@link SigningKeys} in
 * the {@link KeyRing}, in one swap. Other settings (callers, {@code defaultTokenTtlMs}, bind,
 * database, webhooks) take effect at the next start; {@code defaultTokenTtlMs} is checked against
 * the new policy all the same, so that the file still starts.
 */
public final class PolicyReload implements Reloadable {
  private static final Logger LOG = LoggerFactory.getLogger(PolicyReload.class);

  private final Source source;
  private final KeyRing keys;
  private final List<CallerConfig> callers;

  /**
   * The settings a reload takes from the configuration file, as it reads now.
   *
   * @param policyFile {@code policy.path}
   * @param trust {@code policy.trustedKeyPemPath} and {@code policy.requirePolicySignature}
   * @param defaultTokenTtlMs {@code defaultTokenTtlMs}
   * @param authorities {@code authorities[]}
   * @param coordinatorKeyFile {@code coordinatorKey.privateKeyPemPath}
   */
  public record Settings(
      Path policyFile,
      PolicyTrust trust,
      long defaultTokenTtlMs,
      List<AuthorityKeyConfig> authorities,
      Path coordinatorKeyFile) {}

  /** Where a reload reads its settings from: the file the service started with. */
  @FunctionalInterface
  public interface Source {
    Settings read() throws IOException, ConfigurationException;
  }

  /**
   * @param keys the one holder of the keys in force, which every signature and verification reads
   * @param callers the callers the service started with (they stay until the next start)
   */
  public PolicyReload(Source source, KeyRing keys, List<CallerConfig> callers) {
    this.source = Objects.requireNonNull(source, "source");
    this.keys = Objects.requireNonNull(keys, "keys");
    this.callers = List.copyOf(callers);
  }

  @Override
  public ReloadOutcome reload() {
    Settings next;
    try {
      next = source.read();
    } catch (ConfigurationException e) {
      return ReloadOutcome.refused("invalid configuration: " + oneLine(e.getMessage()));
    } catch (IOException e) {
      return ReloadOutcome.refused("cannot read the configuration: " + oneLine(e.getMessage()));
    }
    SigningKeys checked;
    List<String> warnings = new ArrayList<>();
    try {
      checked = check(next, warnings);
    } catch (StartupCheckException e) {
      return ReloadOutcome.refused(e.getMessage());
    }
    SigningKeys current = keys.current();
    Optional<String> problem = PolicySuccession.problem(current.policy(), checked.policy());
    if (problem.isPresent()) {
      return ReloadOutcome.refused("policy file " + next.policyFile() + ": " + problem.get());
    }
    warnings.forEach(warning -> LOG.warn("Reload check: {}", warning));
    keys.replace(checked);
    return ReloadOutcome.applied(
        PolicySuccession.describe(current.policy(), checked.policy())
            + ", authorities "
            + describe(checked)
            + ", coordinator key "
            + checked.coordinator().keyId());
  }

  /**
   * Every startup check of the spec and ours on the new set, which becomes the complete set of keys
   * a swap puts in force.
   */
  private SigningKeys check(Settings next, List<String> warnings) {
    StartupReport report =
        StartupChecks.run(
            next.policyFile(), next.defaultTokenTtlMs(), next.authorities(), next.trust());
    warnings.addAll(report.warnings());
    CoordinatorSigner coordinator =
        CoordinatorKeyCheck.load(
            report.policy(), next.policyFile(), next.coordinatorKeyFile(), warnings);
    OperatorCallers.check(callers, report.policy(), next.policyFile());
    return new SigningKeys(report.policy(), report.signers(), coordinator);
  }

  private static String describe(SigningKeys keys) {
    return keys.authorities().keyIds().stream()
        .map(id -> keys.authorities().find(id).orElseThrow())
        .map(PolicyReload::describe)
        .toList()
        .toString();
  }

  private static String describe(AuthoritySigner signer) {
    return signer.keyId() + signer.retiresAt().map(at -> " (retires " + at + ")").orElse("");
  }

  private static String oneLine(String message) {
    return message == null ? "" : message.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
  }
}
