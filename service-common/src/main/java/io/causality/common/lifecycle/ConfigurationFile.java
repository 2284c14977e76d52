package io.causality.common.lifecycle;

import io.dropwizard.configuration.ConfigurationException;
import io.dropwizard.configuration.ConfigurationSourceProvider;
import io.dropwizard.core.Configuration;
import io.dropwizard.core.setup.Bootstrap;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * The configuration file a service started from, read again the way the start read it: the same
 * source provider (environment substitution included), the same {@code -Ddw.} overrides and the
 * same validation. A reload takes its policy and keys settings from it.
 *
 * <p>It learns the file's path by wrapping the bootstrap's source provider, which every command
 * (and Dropwizard's test support) opens the file through.
 */
public final class ConfigurationFile<T extends Configuration>
    implements ConfigurationSourceProvider {
  private final Bootstrap<T> bootstrap;
  private final Class<T> type;
  private final ConfigurationSourceProvider delegate;
  private volatile String path;

  private ConfigurationFile(
      Bootstrap<T> bootstrap, Class<T> type, ConfigurationSourceProvider delegate) {
    this.bootstrap = bootstrap;
    this.type = type;
    this.delegate = delegate;
  }

  /** Wraps the bootstrap's current source provider; call after setting it up. */
  public static <T extends Configuration> ConfigurationFile<T> install(
      Bootstrap<T> bootstrap, Class<T> type) {
    ConfigurationFile<T> file =
        new ConfigurationFile<>(bootstrap, type, bootstrap.getConfigurationSourceProvider());
    bootstrap.setConfigurationSourceProvider(file);
    return file;
  }

  @Override
  public InputStream open(String path) throws IOException {
    this.path = Objects.requireNonNull(path, "path");
    return delegate.open(path);
  }

  /**
   * The configuration as the file says now.
   *
   * @throws ConfigurationException when it is invalid (the message lists the errors)
   * @throws IOException when it cannot be read
   * @throws IllegalStateException when no file was read yet
   */
  public T read() throws IOException, ConfigurationException {
    String current = path;
    if (current == null) {
      throw new IllegalStateException("the service did not start from a configuration file");
    }
    return bootstrap
        .getConfigurationFactoryFactory()
        .create(
            type, bootstrap.getValidatorFactory().getValidator(), bootstrap.getObjectMapper(), "dw")
        .build(bootstrap.getConfigurationSourceProvider(), current);
  }

  /** The path of the file the service started from, once read. */
  public String path() {
    return path;
  }
}
