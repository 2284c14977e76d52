package io.causality.hitl.coordinator.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The built {@code hitl-coordinator.jar} as its own process, in a folder of {@code target/}
 * holding {@code dev-init}'s deployment, on the repository's {@code config/hitl-coordinator.yml}
 * as an operator runs it: it can be killed with SIGKILL (a crash) or stopped with SIGTERM, and
 * started again on the same files and port.
 */
final class CoordinatorProcess implements AutoCloseable {
  private static final Path JAR = Path.of("target", "hitl-coordinator.jar").toAbsolutePath();
  private static final Path CONFIG = Path.of("..", "config", "hitl-coordinator.yml")
      .toAbsolutePath().normalize();

  private final Path workDir;
  private final int port;
  private Process process;
  private int starts;

  private CoordinatorProcess(Path workDir, int port) {
    this.workDir = workDir;
    this.port = port;
  }

  /** A fresh folder with dev-init's policy and keys under var/, and a free port. */
  static CoordinatorProcess deploy() {
    try {
      Path dir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "coordinator-");
      CoordinatorProcess coordinator = new CoordinatorProcess(dir, freePort());
      coordinator.devInit();
      return coordinator;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  int port() {
    return port;
  }

  /** Starts the coordinator and waits until /healthz answers 200. */
  CoordinatorProcess start() {
    List<String> command = new ArrayList<>(jvm());
    command.addAll(List.of("-Ddw.bind=127.0.0.1:" + port,
        "-Ddw.server.adminConnectors[0].port=0", "-Ddw.logging.level=WARN",
        "-jar", JAR.toString(), "serve", CONFIG.toString()));
    starts++;
    try {
      process = new ProcessBuilder(command).directory(workDir.toFile())
          .redirectErrorStream(true).redirectOutput(log().toFile()).start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    awaitHealthy(Duration.ofSeconds(90));
    return this;
  }

  /** SIGKILL: no shutdown hook, no flush, as a power cut or the OOM killer would. */
  void kill() {
    process.destroyForcibly();
    await(Duration.ofSeconds(20));
  }

  boolean await(Duration limit) {
    try {
      return process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    if (process != null && process.isAlive()) {
      process.destroy();
      if (!await(Duration.ofSeconds(20))) {
        process.destroyForcibly();
        await(Duration.ofSeconds(20));
      }
    }
  }

  /** The end of the current run's log, for failure messages. */
  String tail() {
    try {
      String text = Files.readString(log());
      return text.substring(Math.max(0, text.length() - 3000));
    } catch (IOException e) {
      return "(no log)";
    }
  }

  private Path log() {
    return workDir.resolve("coordinator-" + starts + ".log");
  }

  private void devInit() throws IOException {
    List<String> command = new ArrayList<>(jvm());
    command.addAll(List.of("-jar", JAR.toString(), "dev-init", "--dir", "var"));
    Process done = new ProcessBuilder(command).directory(workDir.toFile())
        .redirectErrorStream(true).redirectOutput(workDir.resolve("dev-init.log").toFile())
        .start();
    try {
      if (!done.waitFor(120, TimeUnit.SECONDS) || done.exitValue() != 0) {
        throw new IllegalStateException("dev-init failed: "
            + Files.readString(workDir.resolve("dev-init.log")));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private void awaitHealthy(Duration limit) {
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(1)).build();
    Instant deadline = Instant.now().plus(limit);
    while (Instant.now().isBefore(deadline)) {
      if (!process.isAlive()) {
        throw new IllegalStateException("the coordinator exited: " + tail());
      }
      if (healthy(http)) {
        return;
      }
      pause();
    }
    close();
    throw new IllegalStateException("the coordinator did not get healthy: " + tail());
  }

  private boolean healthy(HttpClient http) {
    try {
      return http.send(HttpRequest.newBuilder(
              URI.create("http://127.0.0.1:" + port + "/healthz")).build(),
          HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static void pause() {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  // C1 only and the serial collector: a test process starts twice as fast on a busy machine.
  private static List<String> jvm() {
    return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
