package io.causality.hitl.coordinator.cli;

import com.codahale.metrics.MetricRegistry;
import io.causality.common.cli.CommandOutput;
import io.causality.common.config.ServiceConfiguration;
import io.causality.hitl.coordinator.core.AuditTrail;
import io.causality.hitl.coordinator.core.ChainVerification;
import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.cli.ConfiguredCommand;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.db.ManagedDataSource;
import java.util.Objects;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;

/**
 * {@code audit verify config.yml} recomputes the audit chain in the configured database: exit 0
 * with the number of events checked and the head hash (worth exporting, docs/coordinator.md), or
 * exit 1 naming the first event that does not fit.
 *
 * @param <C> the application's configuration (generic, so that this package does not depend on the
 *     application's)
 */
public final class AuditCommand<C extends ServiceConfiguration> extends ConfiguredCommand<C> {
  private final Class<C> configurationClass;

  public AuditCommand(Class<C> configurationClass) {
    super("audit", "The audit trail: 'audit verify config.yml' recomputes its hash chain");
    this.configurationClass = Objects.requireNonNull(configurationClass, "configurationClass");
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
            .help("recompute the audit chain and name the first event that does not fit");
    addFileArgument(verify);
  }

  @Override
  protected void run(Bootstrap<C> bootstrap, Namespace namespace, C configuration)
      throws Exception {
    CommandOutput.logWarningsToStandardError();
    ManagedDataSource dataSource =
        configuration.buildDataSourceFactory().build(new MetricRegistry(), "audit");
    try {
      Jdbi jdbi = Jdbi.create(dataSource).installPlugin(new SqlObjectPlugin());
      ChainVerification verification = new AuditTrail(jdbi).verify();
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
              + verification.headHash());
    } finally {
      dataSource.stop();
    }
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
