package io.causality.common.health;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.health.HealthCheck;
import io.dropwizard.util.DataSize;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Below the minimum the check fails; a folder not created yet is measured at its parent. */
class DiskSpaceHealthCheckTest {
  @TempDir Path dir;

  @Test
  void failsBelowTheMinimumAndPassesAboveIt() {
    DataSize minimum = DataSize.mebibytes(100);
    HealthCheck.Result low = new DiskSpaceHealthCheck(dir, minimum, store -> 99L << 20).execute();
    HealthCheck.Result enough =
        new DiskSpaceHealthCheck(dir, minimum, store -> 100L << 20).execute();
    assertThat(low.isHealthy()).isFalse();
    assertThat(low.getMessage()).contains("99 MiB free").contains("minimum 100 MiB");
    assertThat(enough.isHealthy()).isTrue();
  }

  @Test
  void aFolderNotCreatedYetIsMeasuredAtItsNearestParent() {
    HealthCheck.Result result =
        new DiskSpaceHealthCheck(dir.resolve("not/yet"), DataSize.bytes(1)).execute();
    assertThat(result.isHealthy()).isTrue();
    assertThat(result.getMessage()).contains(dir.toString());
  }

  @Test
  void theFolderOfAnEmbeddedDatabaseOrTheWorkingDirectory() {
    assertThat(DiskSpaceHealthCheck.folderOf("jdbc:h2:file:/srv/var/sim;WRITE_DELAY=0"))
        .isEqualTo(Path.of("/srv/var"));
    assertThat(DiskSpaceHealthCheck.folderOf("jdbc:postgresql://db:5432/sim"))
        .isEqualTo(Path.of("").toAbsolutePath());
  }
}
