package io.causality.common.db;

import io.dropwizard.core.setup.Environment;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.db.ManagedDataSource;
import io.dropwizard.jdbi3.JdbiFactory;
import org.jdbi.v3.core.Jdbi;

/** The services' Jdbi: Dropwizard's, with its metrics and health check, minus SQL comments. */
public final class ServiceJdbi {
  private ServiceJdbi() {}

  /**
   * Builds the Jdbi over {@code dataSource}. Dropwizard's "auto comments" prepend the DAO method's
   * name to every statement through a template engine that can only render, never parse once: JDBI
   * then re-lexes every statement's template on every call, which profiled as a tenth of a simple
   * GET. The statement timers on the admin port keep the names.
   */
  public static Jdbi build(
      Environment environment, DataSourceFactory factory, ManagedDataSource dataSource) {
    factory.setAutoCommentsEnabled(false);
    return new JdbiFactory().build(environment, factory, dataSource, "database");
  }
}
