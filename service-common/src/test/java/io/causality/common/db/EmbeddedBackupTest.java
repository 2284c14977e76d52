package io.causality.common.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dropwizard.db.DataSourceFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link EmbeddedBackup}'s round trip on an H2 file, and each refusal with its one line. */
class EmbeddedBackupTest {
  @TempDir Path dir;

  @Test
  void aBackupRestoresElsewhereWithItsPassword() throws Exception {
    DataSourceFactory source = embedded(dir.resolve("a/db"));
    try (Connection connection = open(source);
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE t (v INT)");
      statement.execute("INSERT INTO t VALUES (42)");
    }
    Path file = dir.resolve("backup.zip");

    EmbeddedBackup.backup(source, file);
    DataSourceFactory target = embedded(dir.resolve("b/copy"));
    EmbeddedBackup.restore(target, file, false);

    assertThat(Files.readString(dir.resolve("b/copy.password")))
        .isEqualTo(Files.readString(dir.resolve("a/db.password")));
    try (Connection connection = open(embedded(dir.resolve("b/copy")));
        ResultSet row = connection.createStatement().executeQuery("SELECT v FROM t")) {
      assertThat(row.next()).isTrue();
      assertThat(row.getInt(1)).isEqualTo(42);
    }
  }

  /**
   * Reading a service's configuration leaves an empty, owner-only data file where no database was
   * yet: a restore goes there without --replace, a backup finds no database in it, and a database
   * that holds data is still refused without --replace.
   */
  @Test
  void anEmptyDataFileIsNoDatabase() throws Exception {
    DataSourceFactory source = embedded(dir.resolve("a/db"));
    try (Connection connection = open(source);
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE t (v INT)");
    }
    Path file = dir.resolve("backup.zip");
    EmbeddedBackup.backup(source, file);
    DataSourceFactory target = embedded(dir.resolve("b/copy"));
    EmbeddedDatabaseSecrets.ownerOnlyFiles(target.getUrl());
    assertThat(dir.resolve("b/copy.mv.db")).isEmptyFile();

    assertThatThrownBy(() -> EmbeddedBackup.backup(target, dir.resolve("empty.zip")))
        .isInstanceOf(EmbeddedBackup.BackupException.class)
        .hasMessageContaining("no database at");
    EmbeddedBackup.restore(target, file, false);

    assertThat(Files.size(dir.resolve("b/copy.mv.db"))).isPositive();
    assertThatThrownBy(() -> EmbeddedBackup.restore(target, file, false))
        .isInstanceOf(EmbeddedBackup.BackupException.class)
        .hasMessageContaining("a database exists at");
  }

  @Test
  void postgresqlIsPgDumpsJob() {
    DataSourceFactory postgres = new DataSourceFactory();
    postgres.setUrl("jdbc:postgresql://localhost/db");
    assertThatThrownBy(() -> EmbeddedBackup.backup(postgres, dir.resolve("x.zip")))
        .isInstanceOf(EmbeddedBackup.BackupException.class)
        .hasMessageContaining("pg_dump");
  }

  @Test
  void aMissingDatabaseIsNotBackedUp() {
    assertThatThrownBy(
            () -> EmbeddedBackup.backup(embedded(dir.resolve("none/db")), dir.resolve("x.zip")))
        .isInstanceOf(EmbeddedBackup.BackupException.class)
        .hasMessageContaining("no database at");
  }

  @Test
  void aFileThatIsNoBackupIsNotRestored() throws Exception {
    Path file = dir.resolve("other.zip");
    try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file))) {
      zip.putNextEntry(new ZipEntry("readme.txt"));
      zip.closeEntry();
    }
    assertThatThrownBy(() -> EmbeddedBackup.restore(embedded(dir.resolve("c/db")), file, false))
        .isInstanceOf(EmbeddedBackup.BackupException.class)
        .hasMessageContaining("holds no .mv.db file");
  }

  /** The embedded default as a service configures it: password generated beside the file. */
  private static DataSourceFactory embedded(Path database) {
    DataSourceFactory factory = new DataSourceFactory();
    factory.setDriverClass("org.h2.Driver");
    factory.setUrl(DurableDatabase.h2FileUrl(database));
    factory.setUser("sa");
    factory.setPassword("");
    return EmbeddedDatabaseSecrets.secure(factory);
  }

  private static Connection open(DataSourceFactory factory) throws Exception {
    return DriverManager.getConnection(factory.getUrl(), factory.getUser(), factory.getPassword());
  }
}
