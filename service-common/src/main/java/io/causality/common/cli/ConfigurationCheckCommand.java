package io.causality.common.cli;

import io.dropwizard.core.Application;
import io.dropwizard.core.Configuration;
import io.dropwizard.core.cli.CheckCommand;

/**
 * Dropwizard's {@code check}, whose "Configuration is OK" is written before the process exits
 * ({@link CommandLogs}): scripts and the packages' tests read it.
 */
public final class ConfigurationCheckCommand<T extends Configuration> extends CheckCommand<T> {
  public ConfigurationCheckCommand(Application<T> application) {
    super(application);
  }

  @Override
  protected void cleanup() {
    super.cleanup();
    CommandLogs.drain();
  }
}
