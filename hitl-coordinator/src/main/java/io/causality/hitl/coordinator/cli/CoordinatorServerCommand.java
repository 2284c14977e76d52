package io.causality.hitl.coordinator.cli;

import io.causality.common.cli.ServeCommand;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.policy.StartupCheckException;
import io.dropwizard.core.Application;
import java.util.List;

/** The coordinator's {@code server}/{@code serve}: a failed startup check is one line. */
public final class CoordinatorServerCommand {
  private CoordinatorServerCommand() {}

  public static ServeCommand<CoordinatorConfiguration> create(
      Application<CoordinatorConfiguration> application, String name, String description) {
    return new ServeCommand<>(
        application, name, description, "hitl-coordinator", List.of(StartupCheckException.class));
  }
}
