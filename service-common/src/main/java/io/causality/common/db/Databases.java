package io.causality.common.db;

import java.util.Locale;

/**
 * Which database a JDBC URL names. The services run on embedded H2 (one instance) or on PostgreSQL
 * (one or several instances on one database, docs/operations.md); only the few things H2 cannot
 * share across processes differ.
 */
public final class Databases {
  private Databases() {}

  public static boolean isPostgres(String url) {
    return url != null && url.toLowerCase(Locale.ROOT).startsWith("jdbc:postgresql:");
  }
}
