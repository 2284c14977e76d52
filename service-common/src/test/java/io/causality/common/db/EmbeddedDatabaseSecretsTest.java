package io.causality.common.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dropwizard.db.DataSourceFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded database's generated password and owner-only folder, on real H2 files. */
class EmbeddedDatabaseSecretsTest {
  @TempDir Path dir;

  private static DataSourceFactory embedded(Path database, String user, String password) {
    DataSourceFactory factory = new DataSourceFactory();
    factory.setDriverClass("org.h2.Driver");
    factory.setUrl("jdbc:h2:file:" + database + ";WRITE_DELAY=0");
    factory.setUser(user);
    factory.setPassword(password);
    return factory;
  }

  @Test
  void aNewDatabaseGetsARandomPasswordStoredOwnerOnlyInAnOwnerOnlyFolder() throws Exception {
    Path database = dir.resolve("var").resolve("service");

    DataSourceFactory secured = EmbeddedDatabaseSecrets.secure(embedded(database, "sa", ""));

    assertThat(secured.getPassword()).hasSizeGreaterThanOrEqualTo(43);
    assertThat(Files.getPosixFilePermissions(database.getParent()))
        .isEqualTo(PosixFilePermissions.fromString("rwx------"));
    assertThat(Files.getPosixFilePermissions(dir.resolve("var/service.password")))
        .isEqualTo(PosixFilePermissions.fromString("rw-------"));
    assertThat(EmbeddedDatabaseSecrets.secure(embedded(database, "sa", null)).getPassword())
        .isEqualTo(secured.getPassword());
    try (Connection created =
        DriverManager.getConnection(secured.getUrl(), "sa", secured.getPassword())) {
      assertThat(created.isValid(1)).isTrue();
    }
    assertRefusesTheEmptyPassword(secured.getUrl());
  }

  @Test
  void aDatabaseOfAnOlderVersionGetsThePasswordSetAtItsFirstStart() throws Exception {
    Path database = dir.resolve("old");
    String url = "jdbc:h2:file:" + database + ";WRITE_DELAY=0";
    try (Connection old = DriverManager.getConnection(url, "sa", "")) {
      old.createStatement().execute("CREATE TABLE kept(x INT)");
    }

    DataSourceFactory secured = EmbeddedDatabaseSecrets.secure(embedded(database, "sa", ""));

    assertRefusesTheEmptyPassword(url);
    try (Connection connection = DriverManager.getConnection(url, "sa", secured.getPassword())) {
      assertThat(connection.createStatement().executeQuery("SELECT COUNT(*) FROM kept").next())
          .isTrue();
    }
    assertThat(EmbeddedDatabaseSecrets.passwordOf(database)).isEqualTo(secured.getPassword());
  }

  @Test
  void anOperatorsOwnSettingsAreLeftAsConfigured() {
    Path database = dir.resolve("own");
    assertThat(EmbeddedDatabaseSecrets.secure(embedded(database, "sa", "chosen")).getPassword())
        .isEqualTo("chosen");
    assertThat(EmbeddedDatabaseSecrets.secure(embedded(database, "app", "")).getPassword())
        .isEmpty();
    DataSourceFactory postgres = embedded(database, "sa", "");
    postgres.setUrl("jdbc:postgresql://127.0.0.1/db");
    assertThat(EmbeddedDatabaseSecrets.secure(postgres).getPassword()).isEmpty();
    assertThat(dir.resolve("own.password")).doesNotExist();
  }

  @Test
  void anExistingFolderIsNotChanged() throws Exception {
    Path shared = Files.createDirectory(dir.resolve("shared"));
    Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxr-xr-x"));

    EmbeddedDatabaseSecrets.secure(embedded(shared.resolve("db"), "sa", ""));

    assertThat(Files.getPosixFilePermissions(shared))
        .isEqualTo(PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  @Test
  void theDatabasePathOfEachUrlForm() {
    assertThat(EmbeddedDatabaseSecrets.databaseFile("jdbc:h2:file:./var/sim;WRITE_DELAY=0"))
        .isEqualTo(Path.of("./var/sim"));
    assertThat(EmbeddedDatabaseSecrets.databaseFile("jdbc:h2:/srv/db/x;AUTO_SERVER=TRUE"))
        .isEqualTo(Path.of("/srv/db/x"));
    assertThat(EmbeddedDatabaseSecrets.databaseFile("jdbc:h2:file:~/x"))
        .isEqualTo(Path.of(System.getProperty("user.home") + "/x"));
  }

  private static void assertRefusesTheEmptyPassword(String url) {
    assertThatThrownBy(() -> DriverManager.getConnection(url, "sa", "").close())
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("Wrong user name or password");
  }

  /** A .mv.db of 0644 inside the 0700 folder was readable as soon as the folder was not. */
  @Test
  void theDataFileIsOwnerOnlyFromItsCreationAndAnExistingOneIsChanged() throws Exception {
    Path database = dir.resolve("fresh").resolve("db");
    String url = "jdbc:h2:file:" + database + ";WRITE_DELAY=0";

    EmbeddedDatabaseSecrets.ownerOnlyFiles(url);
    try (Connection connection = DriverManager.getConnection(url, "sa", "")) {
      connection.createStatement().execute("CREATE TABLE t (x INT)");
    }

    Path data = dir.resolve("fresh").resolve("db.mv.db");
    assertThat(Files.size(data)).isPositive();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data)))
        .isEqualTo("rw-------");
    Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rw-r--r--"));
    Path trace = Files.writeString(dir.resolve("fresh").resolve("db.trace.db"), "x");
    Files.setPosixFilePermissions(trace, PosixFilePermissions.fromString("rw-r--r--"));

    EmbeddedDatabaseSecrets.ownerOnlyFiles(url);

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data)))
        .isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(trace)))
        .isEqualTo("rw-------");
    EmbeddedDatabaseSecrets.ownerOnlyFiles("jdbc:h2:mem:nothing"); // nothing to do
  }
}
