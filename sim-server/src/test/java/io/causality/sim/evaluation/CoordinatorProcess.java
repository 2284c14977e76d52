package io.causality.sim.evaluation;

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
 * The built {@code hitl-coordinator.jar} as its own process, on the repository's
 * {@code config/hitl-coordinator.yml}, as an operator runs it. Not in this JVM: both services
 * ship {@code migrations/changelog.xml}, and one classpath cannot hold both.
 */
public final class CoordinatorProcess implements AutoCloseable {
  static final Path JAR = Path.of("..", "hitl-coordinator", "target", "hitl-coordinator.jar")
      .toAbsolutePath().normalize();
  static final Path CONFIG = Path.of("..", "config", "hitl-coordinator.yml")
      .toAbsolutePath().normalize();

  private final Path workDir;
  private final int port;
  private Process process;

  private CoordinatorProcess(Path workDir, int port) {
    this.workDir = workDir;
    this.port = port;
  }

  /** A fresh folder with {@code dev-init}'s deployment under var/ (gamma floor 0.35). */
  public static CoordinatorProcess deploy() {
    try {
      Path dir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "coordinator-");
      CoordinatorProcess coordinator = new CoordinatorProcess(dir, freePort());
      coordinator.run(List.of("dev-init", "--dir", "var"), "dev-init.log");
      return coordinator;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The deployment policy dev-init wrote: what sim-server's evaluation.policyPath names. */
  public Path policyFile() {
    return workDir.resolve("var/policy/deployment-policy.json");
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + port;
  }

  public int port() {
    return port;
  }

  /** Starts the coordinator and waits until /healthz answers. */
  public CoordinatorProcess start() {
    List<String> command = new ArrayList<>(List.of(java(),
        "-Ddw.bind=127.0.0.1:" + port, "-Ddw.server.adminConnectors[0].port=0",
        "-Ddw.logging.level=WARN", "-jar", JAR.toString(), "serve", CONFIG.toString()));
    try {
      process = new ProcessBuilder(command).directory(workDir.toFile())
          .redirectErrorStream(true)
          .redirectOutput(workDir.resolve("coordinator.log").toFile()).start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    awaitHealthy(Duration.ofSeconds(90));
    return this;
  }

  /** Stops the process and waits for it to be gone, so its port refuses connections. */
  public void stop() {
    if (process == null) {
      return;
    }
    process.destroy();
    try {
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    process = null;
  }

  @Override
  public void close() {
    stop();
  }

  private void run(List<String> arguments, String log) throws IOException {
    List<String> command = new ArrayList<>(List.of(java(), "-jar", JAR.toString()));
    command.addAll(arguments);
    Process done = new ProcessBuilder(command).directory(workDir.toFile())
        .redirectErrorStream(true).redirectOutput(workDir.resolve(log).toFile()).start();
    try {
      if (!done.waitFor(120, TimeUnit.SECONDS) || done.exitValue() != 0) {
        throw new IllegalStateException(arguments + " failed: " + tail(log));
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
        throw new IllegalStateException("the coordinator exited: " + tail("coordinator.log"));
      }
      if (healthy(http)) {
        return;
      }
      pause();
    }
    stop();
    throw new IllegalStateException("the coordinator did not get healthy: "
        + tail("coordinator.log"));
  }

  private boolean healthy(HttpClient http) {
    try {
      HttpResponse<Void> response = http.send(
          HttpRequest.newBuilder(URI.create(baseUrl() + "/healthz")).build(),
          HttpResponse.BodyHandlers.discarding());
      return response.statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private String tail(String log) {
    try {
      String text = Files.readString(workDir.resolve(log));
      return text.substring(Math.max(0, text.length() - 3000));
    } catch (IOException e) {
      return "(no log)";
    }
  }

  private static void pause() {
    try {
      Thread.sleep(200);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
