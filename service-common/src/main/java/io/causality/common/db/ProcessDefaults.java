package io.causality.common.db;

/**
 * The system properties both services set first thing in {@code main}, before a library reads them,
 * each unless the operator set it ({@code JAVA_OPTS}): one call, so that no service and no later
 * setting is left out of one of them.
 */
public final class ProcessDefaults {
  private ProcessDefaults() {}

  /** Applies every default below; call it before anything else in {@code main}. */
  public static void apply() {
    TemporaryBufferCache.bound();
    LiquibaseDefaults.disableAnalytics();
    EmbeddedDatabaseSecrets.bindServersToLoopback();
  }
}
