package io.causality.common.cli;

import io.causality.common.config.StrictEnvironment;
import io.dropwizard.configuration.ConfigurationException;
import io.dropwizard.core.Application;
import io.dropwizard.core.Configuration;
import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.cli.ServerCommand;
import java.util.List;
import java.util.Optional;
import net.sourceforge.argparse4j.inf.Namespace;

/**
 * Dropwizard's {@code server} command, also registered as {@code serve} (the name ops use), whose
 * start-up failures an operator can read: a failed startup check is one line naming the file and
 * the problem, an invalid configuration its list of errors, both without a stack trace. The process
 * then exits with status 1, as for any failed command; so does a configuration that names an
 * undefined environment variable ({@link StrictEnvironment}). Anything else keeps Dropwizard's full
 * report.
 */
public final class ServeCommand<T extends Configuration> extends ServerCommand<T> {
  private final String service;
  private final List<Class<? extends Exception>> startupChecks;

  /**
   * @param service the service's name, which starts the one-line report
   * @param startupChecks the exceptions of the service's startup checks, whose messages name the
   *     file and the problem
   */
  public ServeCommand(
      Application<T> application,
      String name,
      String description,
      String service,
      List<Class<? extends Exception>> startupChecks) {
    super(application, name, description);
    this.service = service;
    this.startupChecks = List.copyOf(startupChecks);
  }

  @Override
  public void onError(Cli cli, Namespace namespace, Throwable e) {
    Optional<Throwable> check = failedCheck(e);
    Optional<String> undefined = StrictEnvironment.undefinedVariable(e);
    if (check.isPresent()) {
      cli.getStdErr().println(service + " did not start: " + check.get().getMessage());
    } else if (undefined.isPresent()) {
      cli.getStdErr().println(service + " did not start: " + undefined.get());
    } else if (e instanceof ConfigurationException) {
      cli.getStdErr().println(e.getMessage());
    } else {
      super.onError(cli, namespace, e);
    }
  }

  private Optional<Throwable> failedCheck(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      Throwable cause = t;
      if (startupChecks.stream().anyMatch(type -> type.isInstance(cause))) {
        return Optional.of(t);
      }
    }
    return Optional.empty();
  }
}
