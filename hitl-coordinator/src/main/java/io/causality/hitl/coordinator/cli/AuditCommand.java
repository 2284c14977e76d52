package io.causality.hitl.coordinator.cli;

import com.codahale.metrics.MetricRegistry;
import io.causality.common.cli.CommandOutput;
import io.causality.common.config.ServiceConfiguration;
import io.causality.hitl.coordinator.core.AuditTrail;
import io.causality.hitl.coordinator.core.ChainVerification;
import io.causality.hitl.coordinator.core.CheckpointRules;
import io.causality.hitl.coordinator.policy.PolicyLoader;
import io.causality.hitl.coordinator.policy.StartupCheckException;
import io.causality.hitl.protocol.policy.CoordinatorKey;
import io.causality.hitl.protocol.policy.PolicyFormatException;
import io.causality.hitl.protocol.policy.PolicyTrust;
import io.causality.hitl.protocol.policy.SignedPolicy;
import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.cli.ConfiguredCommand;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.db.ManagedDataSource;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;

/**
 * {@code audit verify [--expect-head SEQ:HASH] config.yml} recomputes the audit chain in the
 * configured database and checks every signed checkpoint with the policy's {@code coordinatorKey}
 * (and, given one, an exported head): exit 0 with the number of events checked, the head (worth
 * exporting, docs/coordinator.md) and the checkpoints verified, or exit 1 naming the first event or
 * checkpoint that does not fit.
 *
 * @param <C> the application's configuration (generic, so that this package does not depend on the
 *     application's)
 */
public final class AuditCommand<C extends ServiceConfiguration> extends ConfiguredCommand<C> {
  private static final String EXPECT_HEAD = "expect_head";

  /**
   * What the command reads of the configuration.
   *
   * @param policyFile the deployment policy, whose coordinatorKey checkpoints verify with
   * @param trust the policy's signature rules, as the coordinator applies them at start
   * @param checkpointEveryEvents the configured {@code audit.checkpointEveryEvents}
   */
  public record Settings(Path policyFile, PolicyTrust trust, int checkpointEveryEvents) {}

  private final Class<C> configurationClass;
  private final Function<C, Settings> settings;

  public AuditCommand(Class<C> configurationClass, Function<C, Settings> settings) {
    super(
        "audit",
        "The audit trail: 'audit verify config.yml' recomputes its hash chain and checks its"
            + " signed checkpoints");
    this.configurationClass = Objects.requireNonNull(configurationClass, "configurationClass");
    this.settings = Objects.requireNonNull(settings, "settings");
  }

  @Override
  protected Class<C> getConfigurationClass() {
    return configurationClass;
  }

  @Override
  public void configure(Subparser subparser) {
    Subparser verify =
        subparser
            .addSubparsers()
            .dest("action")
            .title("actions")
            .addParser("verify")
            .help("recompute the audit chain and check its checkpoints; name what does not fit");
    verify
        .addArgument("--expect-head")
        .dest(EXPECT_HEAD)
        .metavar("SEQ:HASH")
        .help("a head exported earlier (as this command prints it): the chain must contain it");
    addFileArgument(verify);
  }

  @Override
  protected void run(Bootstrap<C> bootstrap, Namespace namespace, C configuration)
      throws Exception {
    CommandOutput.logWarningsToStandardError();
    Optional<CheckpointRules.ExpectedHead> expected = expectedHead(namespace);
    CheckpointRules rules = rules(settings.apply(configuration), expected);
    ManagedDataSource dataSource =
        configuration.buildDataSourceFactory().build(new MetricRegistry(), "audit");
    try {
      Jdbi jdbi = Jdbi.create(dataSource).installPlugin(new SqlObjectPlugin());
      ChainVerification verification = new AuditTrail(jdbi).verify(rules);
      if (!verification.isIntact()) {
        throw new ChainBroken(
            "audit chain broken after "
                + verification.checked()
                + " events: "
                + verification.problem().orElseThrow());
      }
      System.out.println(
          "audit chain intact: "
              + verification.checked()
              + " events checked, head "
              + verification.checked()
              + ":"
              + verification.headHash()
              + "; "
              + verification.checkpoints()
              + " signed checkpoints verified, the last at sequence "
              + verification.lastCheckpoint());
    } finally {
      dataSource.stop();
    }
  }

  private static Optional<CheckpointRules.ExpectedHead> expectedHead(Namespace namespace) {
    String text = namespace.getString(EXPECT_HEAD);
    if (text == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(CheckpointRules.ExpectedHead.parse(text));
    } catch (IllegalArgumentException e) {
      throw new OperatorException.Usage(e.getMessage());
    }
  }

  /** The checkpoint rules, with the coordinator key of the policy as the coordinator trusts it. */
  private static CheckpointRules rules(
      Settings settings, Optional<CheckpointRules.ExpectedHead> expected) {
    SignedPolicy policy = PolicyLoader.load(settings.policyFile());
    try {
      settings.trust().check(policy, settings.policyFile());
    } catch (PolicyFormatException e) {
      throw new StartupCheckException(e.getMessage(), e);
    }
    CoordinatorKey key =
        policy
            .policy()
            .coordinatorKeySection()
            .orElseThrow(
                () ->
                    new StartupCheckException(
                        "policy file "
                            + settings.policyFile()
                            + ": no coordinatorKey to check the checkpoints with"));
    return new CheckpointRules(key.publicKey(), settings.checkpointEveryEvents(), expected);
  }

  @Override
  public void onError(Cli cli, Namespace namespace, Throwable e) {
    cli.getStdErr().println("error: " + e.getMessage());
  }

  /** The chain does not verify: exit status 1 with the reason. */
  static final class ChainBroken extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ChainBroken(String message) {
      super(message, null, false, false);
    }
  }
}
