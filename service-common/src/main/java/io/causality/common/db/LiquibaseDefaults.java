package io.causality.common.db;

/**
 * Liquibase 4.33 sends usage analytics to its vendor unless told not to. An on-prem service must
 * not call out, so both services switch it off before Liquibase first runs: from main() through
 * {@link ProcessDefaults} (for {@code db migrate} and friends) and from {@link StartupMigrations}.
 */
public final class LiquibaseDefaults {
  static final String ANALYTICS = "liquibase.analytics.enabled";

  private LiquibaseDefaults() {}

  /** Turns analytics off unless an operator set the property explicitly. */
  public static void disableAnalytics() {
    if (System.getProperty(ANALYTICS) == null) {
      System.setProperty(ANALYTICS, "false");
    }
  }
}
