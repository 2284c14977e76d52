package io.causality.common.db;

import io.dropwizard.core.setup.Environment;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.db.ManagedDataSource;
import io.dropwizard.jdbi3.JdbiFactory;
import java.lang.reflect.Method;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.config.ConfigRegistry;
import org.jdbi.v3.core.extension.ExtensionContext;
import org.jdbi.v3.core.extension.Extensions;
import org.jdbi.v3.core.extension.HandleSupplier;
import org.jdbi.v3.sqlobject.CreateSqlObject;

/** The services' Jdbi: Dropwizard's, with its metrics and health check, minus SQL comments. */
public final class ServiceJdbi {
  private ServiceJdbi() {}

  /**
   * Builds the Jdbi over {@code dataSource}, which the service manages already. Dropwizard's "auto
   * comments" prepend the DAO method's name to every statement through a template engine that can
   * only render, never parse once: JDBI then re-lexes every statement's template on every call,
   * which profiled as a tenth of a simple GET. The statement timers on the admin port keep the
   * names. On an embedded H2 file the file is also compacted while the service runs ({@link
   * EmbeddedStoreHousekeeping}), registered after the data source so that it stops first.
   */
  public static Jdbi build(
      Environment environment, DataSourceFactory factory, ManagedDataSource dataSource) {
    factory.setAutoCommentsEnabled(false);
    Jdbi jdbi = new JdbiFactory().build(environment, factory, dataSource, "database");
    EmbeddedStoreHousekeeping.manageFor(environment.lifecycle(), factory.getUrl(), dataSource);
    return jdbi;
  }

  /**
   * Describes each DAO type once, in the Jdbi's own configuration, so that no call describes it
   * again. JDBI (3.51) caches an extension's description (its handlers, one per method, found by
   * reflection over the annotations) in the configuration of the handle or call that attached it,
   * and every {@code withExtension}, {@code open} or {@code @CreateSqlObject} works on a fresh copy
   * of the Jdbi's configuration: a type never attached to the Jdbi itself was described again on
   * every call, which profiled as half of a simulation's progress transaction (docs/performance.md,
   * "Simulation HTTP"). Copies made after this inherit the descriptions. Call once, after
   * everything is registered on the Jdbi, with every DAO type the service attaches; the types their
   * {@code @CreateSqlObject} methods return are described with them.
   */
  public static void describeOnce(Jdbi jdbi, List<Class<?>> daoTypes) {
    Extensions extensions = jdbi.getConfig(Extensions.class);
    HandleSupplier jdbiItself = new JdbiConfiguration(jdbi);
    Set<Class<?>> described = new HashSet<>();
    for (Class<?> type : daoTypes) {
      describe(extensions, jdbiItself, type, described);
    }
  }

  /** Describes {@code type}, then the types its {@code @CreateSqlObject} methods return. */
  private static void describe(
      Extensions extensions, HandleSupplier jdbiItself, Class<?> type, Set<Class<?>> described) {
    if (!described.add(type)) {
      return;
    }
    extensions
        .findFor(type, jdbiItself)
        .orElseThrow(() -> new IllegalArgumentException("Not a JDBI extension: " + type));
    for (Method method : type.getMethods()) {
      if (method.isAnnotationPresent(CreateSqlObject.class)) {
        describe(extensions, jdbiItself, method.getReturnType(), described);
      }
    }
  }

  /**
   * Attaches a DAO against the Jdbi's own configuration. Attaching only builds the DAO's proxy; it
   * never runs a statement, so there is no handle to give.
   */
  private record JdbiConfiguration(Jdbi jdbi) implements HandleSupplier {
    @Override
    public Handle getHandle() {
      // reached only if JDBI ran a statement while describing: a broken assumption, not a stub
      throw new IllegalStateException("describing a DAO must open no handle");
    }

    @Override
    public Jdbi getJdbi() {
      return jdbi;
    }

    @Override
    public ConfigRegistry getConfig() {
      return jdbi.getConfig();
    }

    @Override
    public <V> V invokeInContext(ExtensionContext context, Callable<V> task) throws Exception {
      throw new IllegalStateException("describing a DAO must run nothing");
    }
  }
}
