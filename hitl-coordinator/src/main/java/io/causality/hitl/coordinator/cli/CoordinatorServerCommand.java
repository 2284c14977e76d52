package io.causality.hitl.coordinator.cli;

import io.causality.common.cli.ServeCommand;
import io.causality.hitl.coordinator.policy.StartupCheckException;
import io.dropwizard.core.Application;
import io.dropwizard.core.Configuration;
import java.util.List;

/** The coordinator's {@code server}/{@code serve}: a failed startup check is one line. */
public final class CoordinatorServerCommand {
  private CoordinatorServerCommand() {}

  /** Generic in the configuration, so that this package does not depend on the application's. */
  public static <C extends Configuration> ServeCommand<C> create(
      Application<C> application, String name, String description) {
    return new ServeCommand<>(
        application, name, description, "hitl-coordinator", List.of(StartupCheckException.class));
  }
}
