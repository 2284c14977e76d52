package io.causality.common.db;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Makes the embedded H2 database durable and shareable.
 *
 * <p>H2 acknowledges a commit before it reaches the file unless {@code WRITE_DELAY=0}: a killed
 * process would then lose writes the client was told succeeded. {@code AUTO_SERVER=TRUE} lets the
 * admin commands open the database while the service holds it.
 */
public final class DurableDatabase {
  private static final String H2_FILE_PREFIX = "jdbc:h2:file:";

  private DurableDatabase() {}

  /** The JDBC URL of a durable embedded database stored at {@code file} (without suffix). */
  public static String h2FileUrl(Path file) {
    return H2_FILE_PREFIX + file.toAbsolutePath().normalize() + ";WRITE_DELAY=0;AUTO_SERVER=TRUE";
  }

  /**
   * The URL as configured, with {@code WRITE_DELAY=0} added to an embedded H2 file URL that does
   * not set a write delay itself. Other databases are returned unchanged.
   */
  public static String enforceDurability(String url) {
    if (!isEmbeddedH2File(url) || url.toUpperCase(Locale.ROOT).contains(";WRITE_DELAY=")) {
      return url;
    }
    return url + ";WRITE_DELAY=0";
  }

  public static boolean isEmbeddedH2File(String url) {
    String lower = url.toLowerCase(Locale.ROOT);
    return lower.startsWith(H2_FILE_PREFIX)
        || (lower.startsWith("jdbc:h2:")
            && !lower.startsWith("jdbc:h2:mem:")
            && !lower.startsWith("jdbc:h2:tcp:")
            && !lower.startsWith("jdbc:h2:ssl:"));
  }
}
