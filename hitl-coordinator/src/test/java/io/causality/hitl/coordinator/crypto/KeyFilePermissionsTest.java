package io.causality.hitl.coordinator.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

@EnabledIf("posix")
class KeyFilePermissionsTest {

  @TempDir Path dir;

  @Test
  void ownerOnlyIsQuiet() throws Exception {
    Path key = withPermissions("rw-------");

    assertThat(KeyFilePermissions.warning(key)).isEmpty();
  }

  @Test
  void groupOrOthersAccessIsReported() throws Exception {
    assertThat(KeyFilePermissions.warning(withPermissions("rw-r--r--")))
        .get()
        .asString()
        .contains("key.pem", "rw-r--r--", "chmod 600");
    assertThat(KeyFilePermissions.warning(withPermissions("rw----r--"))).isPresent();
    assertThat(KeyFilePermissions.warning(withPermissions("rw--w----"))).isPresent();
  }

  static boolean posix() {
    return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
  }

  private Path withPermissions(String permissions) throws Exception {
    Path key = dir.resolve("key.pem");
    Files.deleteIfExists(key);
    Files.writeString(key, "x");
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString(permissions));
    return key;
  }
}
