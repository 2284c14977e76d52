package io.causality.common.db;

import io.dropwizard.db.DataSourceFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Online backup and offline restore of a service's embedded H2 database (docs/operations.md,
 * "Backup and restore"): {@code db backup FILE CONFIG} and {@code db restore FILE CONFIG}.
 *
 * <p>The backup runs H2's {@code BACKUP TO}, which copies the database file as of one moment while
 * the service keeps writing (H2 documents it as transactionally consistent: its store is
 * append-only). Through {@code AUTO_SERVER} the statement runs inside the service's own process
 * when the service runs, so H2 writes its zip in the database's folder, the one place a hardened
 * unit lets the service write; this command then packs it with the database's password file (the
 * database cannot be opened without it) into {@code FILE}, owner-only, as that password is in it.
 *
 * <p>A restore writes the database and its password into the configured folder of a stopped
 * service, under the configured database's name.
 */
public final class EmbeddedBackup {
  private static final String DATABASE_SUFFIX = ".mv.db";
  private static final String PASSWORD_SUFFIX = ".password";

  private EmbeddedBackup() {}

  /** What a backup or restore did. */
  public record Copy(Path database, Path file, long bytes) {}

  /**
   * Writes a consistent copy of the database of {@code factory} to {@code file}, whether the
   * service runs or not.
   *
   * @throws BackupException when the database is not an embedded H2 file, does not exist, or cannot
   *     be copied; the message says which, in one line
   */
  public static Copy backup(DataSourceFactory factory, Path file) {
    Path database = embeddedDatabase(factory);
    if (!holdsDatabase(withSuffix(database, DATABASE_SUFFIX))) {
      throw new BackupException("no database at " + withSuffix(database, DATABASE_SUFFIX));
    }
    Path staged =
        database.resolveSibling("." + database.getFileName() + ".backup-" + UUID.randomUUID());
    try {
      backupTo(factory, staged);
      writeArchive(staged, database, file.toAbsolutePath());
      return new Copy(database, file, Files.size(file));
    } catch (IOException e) {
      throw new BackupException("cannot write " + file + ": " + e.getMessage(), e);
    } finally {
      deleteQuietly(staged);
    }
  }

  /**
   * Restores {@code file} into the folder of the database of {@code factory}, as that database.
   *
   * @param replace whether a database there may be replaced
   * @throws BackupException when the service uses the database, a database is there and {@code
   *     replace} is off, or the file is not a backup of ours
   */
  public static Copy restore(DataSourceFactory factory, Path file, boolean replace) {
    Path database = embeddedDatabase(factory);
    Path target = withSuffix(database, DATABASE_SUFFIX);
    if (inUse(database, factory)) {
      throw new BackupException(
          "the database " + target + " is in use: stop the service before restoring");
    }
    if (holdsDatabase(target) && !replace) {
      throw new BackupException(
          "a database exists at " + target + ": move it away, or pass --replace");
    }
    try (ZipFile zip = new ZipFile(file.toFile())) {
      ZipEntry data = entry(zip, DATABASE_SUFFIX, file);
      ZipEntry password = entry(zip, PASSWORD_SUFFIX, file);
      Files.createDirectories(database.toAbsolutePath().getParent());
      place(zip, password, withSuffix(database, PASSWORD_SUFFIX));
      place(zip, data, target);
      return new Copy(database, file, Files.size(target));
    } catch (IOException e) {
      throw new BackupException("cannot restore " + file + ": " + e.getMessage(), e);
    }
  }

  private static Path embeddedDatabase(DataSourceFactory factory) {
    String url = factory.getUrl();
    if (!DurableDatabase.isEmbeddedH2File(url)) {
      throw new BackupException(
          "db backup and restore are for the embedded H2 database; on PostgreSQL use pg_dump and"
              + " pg_restore (docs/operations.md, \"Backup and restore\")");
    }
    return EmbeddedDatabaseSecrets.databaseFile(url).toAbsolutePath();
  }

  private static void backupTo(DataSourceFactory factory, Path staged) {
    try (Connection connection =
            DriverManager.getConnection(
                factory.getUrl(), factory.getUser(), factory.getPassword());
        Statement statement = connection.createStatement()) {
      statement.execute("BACKUP TO '" + staged.toString().replace("'", "''") + "'");
    } catch (SQLException e) {
      throw new BackupException("the database refused the backup: " + e.getMessage(), e);
    }
  }

  /** The database from H2's zip and the password file, into {@code file} (mode 600). */
  private static void writeArchive(Path staged, Path database, Path file) throws IOException {
    Path partial =
        Files.createTempFile(
            file.getParent(),
            "." + file.getFileName(),
            ".partial",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    try (ZipFile h2 = new ZipFile(staged.toFile());
        ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(partial))) {
      ZipEntry data = entry(h2, DATABASE_SUFFIX, staged);
      copy(h2.getInputStream(data), out, database.getFileName() + DATABASE_SUFFIX);
      Path password = withSuffix(database, PASSWORD_SUFFIX);
      if (Files.exists(password)) {
        copy(Files.newInputStream(password), out, database.getFileName() + PASSWORD_SUFFIX);
      }
    }
    Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static void copy(InputStream in, ZipOutputStream out, String name) throws IOException {
    try (in) {
      out.putNextEntry(new ZipEntry(name));
      in.transferTo(out);
      out.closeEntry();
    }
  }

  private static ZipEntry entry(ZipFile zip, String suffix, Path file) {
    return zip.stream()
        .filter(e -> e.getName().endsWith(suffix) && !e.getName().contains("/"))
        .findFirst()
        .orElseThrow(() -> new BackupException(file + " holds no " + suffix + " file"));
  }

  /** Writes an entry owner-only under a temporary name, then moves it into place. */
  private static void place(ZipFile zip, ZipEntry entry, Path target) throws IOException {
    Path partial =
        Files.createTempFile(
            target.getParent(),
            "." + target.getFileName(),
            ".partial",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    try (InputStream in = zip.getInputStream(entry);
        OutputStream out = Files.newOutputStream(partial)) {
      in.transferTo(out);
    }
    Files.move(
        partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /**
   * Whether a process has the database open. H2 keeps a lock file beside an open database; with
   * {@code AUTO_SERVER} it names the port the owner serves the database on ({@code server=}), and
   * something answering there means the owner is alive (a lock file left by a crash names a port
   * nobody answers on). Without one, an exclusive open is refused with "already in use" (error
   * 90020) while another process has it.
   */
  private static boolean inUse(Path database, DataSourceFactory factory) {
    Path lock = withSuffix(database, ".lock.db");
    if (Files.notExists(lock)) {
      return false;
    }
    Optional<String> server = lockProperty(lock, "server");
    if (server.isPresent()) {
      return answers(server.get());
    }
    String url = "jdbc:h2:file:" + database + ";IFEXISTS=TRUE;ACCESS_MODE_DATA=r";
    try (Connection ignored =
        DriverManager.getConnection(url, factory.getUser(), factory.getPassword())) {
      return false;
    } catch (SQLException e) {
      return e.getErrorCode() == 90020;
    }
  }

  private static Optional<String> lockProperty(Path lock, String name) {
    Properties properties = new Properties();
    try (InputStream in = Files.newInputStream(lock)) {
      properties.load(in);
    } catch (IOException e) {
      return Optional.empty();
    }
    return Optional.ofNullable(properties.getProperty(name)).filter(v -> !v.isBlank());
  }

  private static boolean answers(String hostAndPort) {
    int colon = hostAndPort.lastIndexOf(':');
    try (Socket socket = new Socket()) {
      socket.connect(
          new InetSocketAddress(
              hostAndPort.substring(0, colon), Integer.parseInt(hostAndPort.substring(colon + 1))),
          2_000);
      return true;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /**
   * Whether a data file holds a database. An empty one does not: reading the configuration makes
   * the file empty and owner-only before H2 first opens it ({@code
   * EmbeddedDatabaseSecrets.ownerOnlyFiles}), so a folder no service has started on has one.
   */
  private static boolean holdsDatabase(Path data) {
    try {
      return Files.exists(data) && Files.size(data) > 0;
    } catch (IOException e) {
      throw new BackupException("cannot read " + data + ": " + e.getMessage(), e);
    }
  }

  private static Path withSuffix(Path database, String suffix) {
    return database.resolveSibling(database.getFileName() + suffix);
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete the staged backup " + file, e);
    }
  }

  /** A backup or restore that cannot be done; the message is one line for the operator. */
  public static final class BackupException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BackupException(String message) {
      super(message);
    }

    public BackupException(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
