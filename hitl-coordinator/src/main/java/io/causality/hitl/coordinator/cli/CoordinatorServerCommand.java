package io.causality.hitl.coordinator.cli;

import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.policy.StartupCheckException;
import io.dropwizard.configuration.ConfigurationException;
import io.dropwizard.core.Application;
import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.cli.ServerCommand;
import java.util.Optional;
import net.sourceforge.argparse4j.inf.Namespace;

/**
 * Dropwizard's {@code server} command (also registered as {@code serve}) whose start-up
 * failures an operator can read: a failed startup check is one line naming the file and the
 * problem, and an invalid configuration its list of errors, both without a stack trace.
 * The process then exits with status 1, as for any failed command.
 */
public final class CoordinatorServerCommand extends ServerCommand<CoordinatorConfiguration> {
  public CoordinatorServerCommand(Application<CoordinatorConfiguration> application,
      String name, String description) {
    super(application, name, description);
  }

  @Override
  public void onError(Cli cli, Namespace namespace, Throwable e) {
    Optional<StartupCheckException> check = causeOfType(e, StartupCheckException.class);
    if (check.isPresent()) {
      cli.getStdErr().println("hitl-coordinator did not start: " + check.get().getMessage());
    } else if (e instanceof ConfigurationException) {
      cli.getStdErr().println(e.getMessage());
    } else {
      super.onError(cli, namespace, e);
    }
  }

  static <T extends Throwable> Optional<T> causeOfType(Throwable e, Class<T> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return Optional.of(type.cast(t));
      }
    }
    return Optional.empty();
  }
}
