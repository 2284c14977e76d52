package io.causality.sim.testing;

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
 * The built {@code sim-server.jar} as its own process on a database file in a folder of
 * {@code target/}, as an operator runs it: it can be killed with SIGKILL (a crash) or stopped
 * with SIGTERM (the JVM's shutdown hook stops Jetty gracefully), and started again on the same
 * files and port.
 */
public final class SimProcess implements AutoCloseable {
  private static final Path JAR = Path.of("target", "sim-server.jar").toAbsolutePath();
  private static final Path CONFIG =
      Path.of("target", "test-classes", "configs", "minimal.yml").toAbsolutePath();

  private final Path workDir;
  private final int port;
  private final List<String> settings;
  private Process process;
  private int starts;

  private SimProcess(Path workDir, int port, List<String> settings) {
    this.workDir = workDir;
    this.port = port;
    this.settings = settings;
  }

  /**
   * A fresh folder and port; {@code settings} are extra {@code -Ddw.} overrides such as
   * {@code rateLimits.enabled=false}.
   */
  public static SimProcess create(String... settings) {
    try {
      Path dir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "sim-process-");
      return new SimProcess(dir, freePort(), List.of(settings));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + port;
  }

  public int port() {
    return port;
  }

  public long pid() {
    return process.pid();
  }

  public boolean isAlive() {
    return process != null && process.isAlive();
  }

  /** {@code org create} and {@code apikey create} on the database file: the new API key. */
  public String createApiKey(String slug, String tier) {
    admin(List.of("org", "create", "--name", slug, "--slug", slug, "--tier", tier));
    return admin(List.of("apikey", "create", "--org", slug, "--scopes",
        "simulation:read,simulation:write")).strip();
  }

  /** Starts the server and waits until /v1/health answers 200. */
  public SimProcess start() {
    launch();
    awaitHealthy(Duration.ofSeconds(90));
    return this;
  }

  /** Starts the server as a start that must fail: its exit status; its output is {@link #log}. */
  public int startAndAwaitExit(Duration limit) {
    launch();
    if (!await(limit)) {
      close();
      throw new IllegalStateException("sim-server did not exit: " + tail());
    }
    return process.exitValue();
  }

  private void launch() {
    List<String> command = new ArrayList<>(List.of(java()));
    command.addAll(properties());
    command.add("-Ddw.server.applicationConnectors[0].port=" + port);
    command.addAll(List.of("-jar", JAR.toString(), "serve", CONFIG.toString()));
    starts++;
    try {
      process = new ProcessBuilder(command).directory(workDir.toFile())
          .redirectErrorStream(true).redirectOutput(logFile().toFile()).start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** SIGKILL: no shutdown hook, no flush, as a power cut or the OOM killer would. */
  public void kill() {
    process.destroyForcibly();
    await(Duration.ofSeconds(20));
  }

  /** SIGTERM, then waits for the process to exit. */
  public void terminate() {
    process.destroy();
  }

  /** Waits for the process to exit; answers whether it did within the limit. */
  public boolean await(Duration limit) {
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
  public String tail() {
    try {
      String text = Files.readString(logFile());
      return text.substring(Math.max(0, text.length() - 3000));
    } catch (IOException e) {
      return "(no log)";
    }
  }

  /** The current run's whole output. */
  public String log() {
    try {
      return Files.readString(logFile());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Path logFile() {
    return workDir.resolve("sim-server-" + starts + ".log");
  }

  private List<String> properties() {
    // C1 only and the serial collector: a test process starts twice as fast on a busy machine.
    List<String> properties = new ArrayList<>(List.of("-XX:TieredStopAtLevel=1",
        "-XX:+UseSerialGC", "-Ddw.database.url=jdbc:h2:file:" + workDir.resolve("sim") + ";AUTO_SERVER=TRUE",
        "-Ddw.logging.level=WARN"));
    settings.forEach(setting -> properties.add("-Ddw." + setting));
    return properties;
  }

  private String admin(List<String> arguments) {
    List<String> command = new ArrayList<>(List.of(java()));
    command.addAll(properties());
    command.addAll(List.of("-jar", JAR.toString()));
    command.addAll(arguments);
    command.add(CONFIG.toString());
    try {
      Process done = new ProcessBuilder(command).directory(workDir.toFile())
          .redirectError(workDir.resolve("admin.log").toFile()).start();
      String out = new String(done.getInputStream().readAllBytes());
      if (!done.waitFor(120, TimeUnit.SECONDS) || done.exitValue() != 0) {
        throw new IllegalStateException(arguments + " failed: "
            + Files.readString(workDir.resolve("admin.log")));
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
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
        throw new IllegalStateException("sim-server exited: " + tail());
      }
      if (healthy(http)) {
        return;
      }
      pause();
    }
    close();
    throw new IllegalStateException("sim-server did not get healthy: " + tail());
  }

  private boolean healthy(HttpClient http) {
    try {
      return http.send(HttpRequest.newBuilder(URI.create(baseUrl() + "/v1/health")).build(),
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

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
