package io.causality.hitl.coordinator.reload;

import io.causality.common.lifecycle.ReloadOutcome;
import io.causality.common.lifecycle.Reloadable;
import io.causality.hitl.coordinator.auth.OperatorCallers;
import io.causality.hitl.coordinator.config.CallerConfig;
import io.causality.hitl.coordinator.core.ActivePolicy;
import io.causality.hitl.coordinator.core.OverrideSettings;
import io.causality.hitl.coordinator.core.PolicySnapshot;
import io.causality.hitl.coordinator.crypto.AuthoritySigner;
import io.causality.hitl.coordinator.policy.AuthorityKeyConfig;
import io.causality.hitl.coordinator.policy.StartupCheckException;
import io.causality.hitl.coordinator.policy.StartupChecks;
import io.causality.hitl.coordinator.policy.StartupReport;
import io.causality.hitl.protocol.policy.PolicySuccession;
import io.causality.hitl.protocol.policy.PolicyTrust;
import io.dropwizard.configuration.ConfigurationException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coordinator's reload: reads the configuration file again for {@code policy}, {@code
 * authorities} and {@code defaultTokenTtlMs}, runs every startup check on them (the policy and its
 * signature, the hitl section, the token lifetimes and quorum, the keys against the policy, the
 * operator callers), then the rules of {@link PolicySuccession}; only when all pass does it swap
 * the new set in. Other settings (callers, bind, database, webhooks) take effect at the next start.
 */
public final class PolicyReload implements Reloadable {
  private static final Logger LOG = LoggerFactory.getLogger(PolicyReload.class);

  private final Source source;
  private final ActivePolicy active;
  private final List<CallerConfig> callers;
  private final long pendingRequestTtlMs;

  /**
   * The settings a reload takes from the configuration file, as it reads now.
   *
   * @param policyFile {@code policy.path}
   * @param trust {@code policy.trustedKeyPemPath} and {@code policy.requirePolicySignature}
   * @param defaultTokenTtlMs {@code defaultTokenTtlMs}
   * @param authorities {@code authorities[]}
   */
  public record Settings(
      Path policyFile,
      PolicyTrust trust,
      long defaultTokenTtlMs,
      List<AuthorityKeyConfig> authorities) {}

  /** Where a reload reads its settings from: the file the service started with. */
  @FunctionalInterface
  public interface Source {
    Settings read() throws IOException, ConfigurationException;
  }

  /**
   * @param callers the callers the service started with (they stay until the next start)
   * @param pendingRequestTtlMs the pending lifetime the service started with (likewise)
   */
  public PolicyReload(
      Source source, ActivePolicy active, List<CallerConfig> callers, long pendingRequestTtlMs) {
    this.source = Objects.requireNonNull(source, "source");
    this.active = Objects.requireNonNull(active, "active");
    this.callers = List.copyOf(callers);
    this.pendingRequestTtlMs = pendingRequestTtlMs;
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
    StartupReport report;
    try {
      report = check(next);
    } catch (StartupCheckException e) {
      return ReloadOutcome.refused(e.getMessage());
    }
    PolicySnapshot current = active.current();
    Optional<String> problem = PolicySuccession.problem(current.policy(), report.policy());
    if (problem.isPresent()) {
      return ReloadOutcome.refused("policy file " + next.policyFile() + ": " + problem.get());
    }
    report.warnings().forEach(warning -> LOG.warn("Reload check: {}", warning));
    PolicySnapshot snapshot =
        new PolicySnapshot(
            report.policy(),
            report.signers(),
            new OverrideSettings(pendingRequestTtlMs, next.defaultTokenTtlMs()));
    active.replace(snapshot);
    return ReloadOutcome.applied(
        PolicySuccession.describe(current.policy(), report.policy())
            + ", authorities "
            + describe(report));
  }

  /** Every startup check of the spec and ours, on the new set. */
  private StartupReport check(Settings next) {
    StartupReport report =
        StartupChecks.run(
            next.policyFile(), next.defaultTokenTtlMs(), next.authorities(), next.trust());
    OperatorCallers.check(callers, report.policy(), next.policyFile());
    return report;
  }

  private static String describe(StartupReport report) {
    return report.signers().keyIds().stream()
        .map(id -> report.signers().find(id).orElseThrow())
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
