package io.causality.common.db;

import io.dropwizard.db.DataSourceFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Base64;
import java.util.Locale;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps other local users out of an embedded H2 database (docs/security.md, "The embedded
 * database"). H2's default user {@code sa} has an empty password, and {@code AUTO_SERVER} opens a
 * TCP port for the admin commands: anyone on the machine could connect, clear a token's {@code
 * redeemed_at} or insert an API key.
 *
 * <ul>
 *   <li>The first start generates a random password, stored owner-only ({@code 600}) next to the
 *       database as {@code <database>.password}; every later start and every admin command reads
 *       it. A database created before (with the empty password) gets it set at that first start.
 *   <li>The database's folder is created owner-only ({@code 700}); an existing folder that others
 *       can enter is reported with a warning, never changed.
 *   <li>{@link #bindServersToLoopback()} makes the {@code AUTO_SERVER} port listen on loopback
 *       only.
 * </ul>
 *
 * Only the embedded default is changed: an H2 file with the user {@code sa} and no password.
 * Another user, a password of the operator's, or another database are left as configured.
 */
public final class EmbeddedDatabaseSecrets {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedDatabaseSecrets.class);
  private static final String BIND_ADDRESS = "h2.bindAddress";
  private static final Set<PosixFilePermission> OWNER_ONLY_FILE =
      PosixFilePermissions.fromString("rw-------");
  private static final Set<PosixFilePermission> OWNER_ONLY_FOLDER =
      PosixFilePermissions.fromString("rwx------");
  private static final SecureRandom RANDOM = new SecureRandom();

  private EmbeddedDatabaseSecrets() {}

  /**
   * Makes H2's {@code AUTO_SERVER} listen on loopback unless the operator chose an address ({@code
   * -Dh2.bindAddress}). H2 reads the property once, when its first database opens: {@link
   * ProcessDefaults#apply} calls this first thing in {@code main}.
   */
  public static void bindServersToLoopback() {
    if (System.getProperty(BIND_ADDRESS) == null) {
      System.setProperty(BIND_ADDRESS, "127.0.0.1");
    }
  }

  /** {@code factory} with the generated password when it is the embedded default; see above. */
  public static DataSourceFactory secure(DataSourceFactory factory) {
    if (isEmbeddedDefault(factory)) {
      Path database = databaseFile(factory.getUrl());
      prepareFolder(database.toAbsolutePath().getParent());
      factory.setPassword(password(database, factory.getUrl()));
    }
    return factory;
  }

  /**
   * Makes the data file of an embedded H2 database at {@code url} owner-only (mode 600), as its
   * folder is: an existing one is changed, a missing one is created empty with that mode before H2
   * opens it (H2 starts a new database in an empty file, and keeps the file's mode), so that it is
   * never readable by others, not even between its creation and a later change. The trace file,
   * which may quote data, is changed too when it exists. Other URLs are left alone.
   */
  public static void ownerOnlyFiles(String url) {
    if (!DurableDatabase.isEmbeddedH2File(url)) {
      return;
    }
    Path database = databaseFile(url).toAbsolutePath();
    Path data = database.resolveSibling(database.getFileName() + ".mv.db");
    Path trace = database.resolveSibling(database.getFileName() + ".trace.db");
    try {
      if (Files.notExists(database.getParent())) {
        prepareFolder(database.getParent());
      }
      if (Files.notExists(data)) {
        Files.createFile(data, PosixFilePermissions.asFileAttribute(OWNER_ONLY_FILE));
      }
      for (Path file : new Path[] {data, trace}) {
        if (Files.exists(file) && !Files.getPosixFilePermissions(file).equals(OWNER_ONLY_FILE)) {
          Files.setPosixFilePermissions(file, OWNER_ONLY_FILE);
        }
      }
    } catch (java.nio.file.FileAlreadyExistsException e) {
      ownerOnlyFiles(url); // another process created it in between: change its mode
    } catch (IOException e) {
      throw new UncheckedIOException("cannot make the database file " + data + " owner-only", e);
    }
  }

  /**
   * The password of the embedded database at {@code database} (its path without suffix): the
   * generated one, or the empty one of a database no service has opened yet.
   */
  public static String passwordOf(Path database) {
    return Files.exists(passwordFile(database)) ? readPassword(database) : "";
  }

  private static String readPassword(Path database) {
    try {
      return Files.readString(passwordFile(database), StandardCharsets.US_ASCII).strip();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + passwordFile(database), e);
    }
  }

  private static boolean isEmbeddedDefault(DataSourceFactory factory) {
    String password = factory.getPassword();
    return DurableDatabase.isEmbeddedH2File(factory.getUrl())
        && "sa".equalsIgnoreCase(factory.getUser())
        && (password == null || password.isEmpty());
  }

  /** The database path of an embedded H2 URL: prefix and settings removed, {@code ~} expanded. */
  static Path databaseFile(String url) {
    String path = url.substring(url.toLowerCase(Locale.ROOT).startsWith("jdbc:h2:file:") ? 13 : 8);
    int settings = path.indexOf(';');
    path = settings < 0 ? path : path.substring(0, settings);
    if (path.startsWith("~")) {
      path = System.getProperty("user.home") + path.substring(1);
    }
    return Path.of(path);
  }

  private static Path passwordFile(Path database) {
    return database.resolveSibling(database.getFileName() + ".password");
  }

  private static void prepareFolder(Path folder) {
    try {
      if (Files.notExists(folder)) {
        Files.createDirectories(folder, PosixFilePermissions.asFileAttribute(OWNER_ONLY_FOLDER));
        return;
      }
      Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(folder);
      if (!OWNER_ONLY_FOLDER.containsAll(permissions)) {
        LOG.warn(
            "The embedded database's folder {} can be entered by other users ({}): chmod 700 it",
            folder,
            PosixFilePermissions.toString(permissions));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare the database folder " + folder, e);
    }
  }

  private static String password(Path database, String url) {
    Path file = passwordFile(database);
    if (Files.exists(file)) {
      return readPassword(database);
    }
    String password = Base64.getUrlEncoder().withoutPadding().encodeToString(randomBytes());
    if (!create(file, password)) {
      return readPassword(database); // another process of this deployment was first
    }
    if (Files.exists(database.resolveSibling(database.getFileName() + ".mv.db"))) {
      setOnExistingDatabase(url, password);
    }
    return password;
  }

  /** Writes the file owner-only under a temporary name, then moves it in unless one exists. */
  private static boolean create(Path file, String password) {
    try {
      Path partial =
          Files.createTempFile(
              file.toAbsolutePath().getParent(),
              file.getFileName().toString(),
              ".partial",
              PosixFilePermissions.asFileAttribute(OWNER_ONLY_FILE));
      Files.writeString(partial, password + "\n", StandardCharsets.US_ASCII);
      try {
        Files.move(partial, file);
        return true;
      } catch (FileAlreadyExistsException e) {
        Files.delete(partial);
        return false;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the database password " + file, e);
    }
  }

  /** A database of an older version, created with the empty password, gets the new one. */
  private static void setOnExistingDatabase(String url, String password) {
    try (Connection connection = DriverManager.getConnection(url, "sa", "");
        Statement statement = connection.createStatement()) {
      // base64url text: no quote can end the literal early
      statement.execute("ALTER USER SA SET PASSWORD '" + password + "'");
      LOG.info("The embedded database now has a password (stored owner-only beside it)");
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot set the generated password on the existing embedded database: " + e.getMessage(),
          e);
    }
  }

  private static byte[] randomBytes() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return bytes;
  }
}
