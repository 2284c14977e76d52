package io.causality.common.cli;

import io.dropwizard.core.Application;
import io.dropwizard.core.Configuration;
import io.dropwizard.core.cli.ServerCommand;

/** {@code serve config.yml}: the same as Dropwizard's {@code server}, under the name ops use. */
public final class ServeCommand<T extends Configuration> extends ServerCommand<T> {
  public ServeCommand(Application<T> application) {
    super(application, "serve", "Runs the service (alias of 'server')");
  }
}
