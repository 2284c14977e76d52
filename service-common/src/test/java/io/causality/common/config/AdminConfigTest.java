package io.causality.common.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dropwizard.jersey.validation.Validators;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The admin token: configured, else read from its file, else generated into it owner-only. */
class AdminConfigTest {
  @TempDir Path dir;

  private AdminConfig withFile(Path file) {
    AdminConfig admin = new AdminConfig();
    admin.setTokenFile(file.toString());
    return admin;
  }

  @Test
  void aMissingFileIsCreatedOwnerOnlyInAnOwnerOnlyFolderAndReadAgainLater() throws Exception {
    Path file = dir.resolve("var").resolve("svc.admin-token");

    String token = withFile(file).buildToken("svc");

    assertThat(token).hasSizeGreaterThanOrEqualTo(40).matches("[A-Za-z0-9_-]+");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
        .isEqualTo("rwx------");
    assertThat(withFile(file).buildToken("svc")).isEqualTo(token);
  }

  @Test
  void aConfiguredTokenWinsAndTheDefaultFileIsNamedAfterTheService() {
    AdminConfig admin = new AdminConfig();
    admin.setToken("configured-token-0123456789");
    assertThat(admin.buildToken("svc")).isEqualTo("configured-token-0123456789");
    assertThat(new AdminConfig().tokenFileOf("sim-server"))
        .isEqualTo(Path.of("var", "sim-server.admin-token"));
  }

  @Test
  void aShortTokenIsRefused() throws Exception {
    Path file = Files.writeString(dir.resolve("short"), "abc\n");
    assertThatThrownBy(() -> withFile(file).buildToken("svc"))
        .hasMessageContaining("fewer than 16 characters");
    AdminConfig admin = new AdminConfig();
    admin.setToken("short");
    assertThat(Validators.newValidator().validate(admin)).isNotEmpty();
    admin.setToken("${SIM_ADMIN_TOKEN_NEVER_SUBSTITUTED}");
    assertThat(Validators.newValidator().validate(admin))
        .singleElement()
        .satisfies(v -> assertThat(v.getMessage()).startsWith("holds an unsubstituted ${...}"));
  }
}
