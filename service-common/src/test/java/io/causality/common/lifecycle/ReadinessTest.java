package io.causality.common.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Readiness runs {@code systemd-notify --ready} only when systemd waits for it. */
class ReadinessTest {
  @TempDir Path dir;

  @Test
  void outsideSystemdNothingRuns() throws Exception {
    Path calls = dir.resolve("calls");
    Readiness readiness = new Readiness(Map.of(), fakeNotify(calls, 0).toString());

    assertThat(readiness.expected()).isFalse();
    assertThat(readiness.ready("serving")).isTrue();
    assertThat(calls).doesNotExist();
  }

  @Test
  void underSystemdItNotifiesReady() throws Exception {
    Path calls = dir.resolve("calls");
    Readiness readiness =
        new Readiness(
            Map.of(Readiness.SOCKET, "/run/systemd/notify"), fakeNotify(calls, 0).toString());

    assertThat(readiness.ready("sim-server is serving")).isTrue();
    assertThat(Files.readString(calls).strip()).isEqualTo("--ready --status=sim-server is serving");
  }

  @Test
  void aFailedNotificationIsReportedNotThrown() throws Exception {
    Readiness failing =
        new Readiness(
            Map.of(Readiness.SOCKET, "/run/systemd/notify"),
            fakeNotify(dir.resolve("calls"), 1).toString());
    Readiness missing =
        new Readiness(
            Map.of(Readiness.SOCKET, "/run/systemd/notify"), dir.resolve("absent").toString());

    assertThat(failing.ready("x")).isFalse();
    assertThat(missing.ready("x")).isFalse();
  }

  /** A stand-in for systemd-notify that records its arguments and exits with {@code status}. */
  private Path fakeNotify(Path calls, int status) throws Exception {
    Path script = dir.resolve("notify-" + status);
    Files.writeString(script, "#!/bin/sh\necho \"$@\" > " + calls + "\nexit " + status + "\n");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
    return script;
  }
}
