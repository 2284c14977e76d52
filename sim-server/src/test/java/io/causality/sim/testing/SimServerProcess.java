package io.causality.sim.testing;

import io.dropwizard.testing.ResourceHelpers;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The built {@code sim-server.jar} as a process of its own, on {@code configs/minimal.yml}
 * with {@code -Ddw.} overrides: a server a test can kill as a crash kills it (SIGKILL, no
 * shutdown hook), which an in-process server cannot be.
 */
public final class SimServerProcess implements AutoCloseable {
  static final Path JAR = Path.of("target", "sim-server.jar").toAbsolutePath();

  private final Path log;
  private final int port;
  private final Process process;

  private SimServerProcess(Path log, int port, Process process) {
    this.log = log;
    this.port = port;
    this.process = process;
  }

  /** Starts the jar with these configuration overrides and waits until it answers. */
  public static SimServerProcess start(Map<String, String> overrides) {
    int port = freePort();
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Ddw.server.applicationConnectors[0].port=" + port,
        "-Ddw.server.adminConnectors[0].port=0"));
    overrides.forEach((key, value) -> command.add("-Ddw." + key + "=" + value));
    command.addAll(List.of("-jar", JAR.toString(), "serve",
        ResourceHelpers.resourceFilePath("configs/minimal.yml")));
    try {
      Path log = Files.createTempFile(Path.of("target").toAbsolutePath(), "sim-server-", ".log");
      Process process = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(log.toFile()).start();
      SimServerProcess server = new SimServerProcess(log, port, process);
      server.awaitHealthy(Duration.ofSeconds(90));
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public int port() {
    return port;
  }

  /** SIGKILL, as a crash or the OOM killer: no shutdown, no pause of what it plays. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      throw new IllegalStateException("sim-server process " + process.pid() + " did not die");
    }
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      kill();
    }
  }

  private void awaitHealthy(Duration limit) throws IOException {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    long deadline = System.nanoTime() + limit.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException("sim-server exited: " + tail());
      }
      if (healthy(http)) {
        return;
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
    process.destroyForcibly();
    throw new IllegalStateException("sim-server did not get healthy: " + tail());
  }

  private boolean healthy(HttpClient http) {
    try {
      return http.send(HttpRequest.newBuilder(
              URI.create("http://127.0.0.1:" + port + "/v1/health")).build(),
          HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private String tail() throws IOException {
    String text = Files.readString(log);
    return text.substring(Math.max(0, text.length() - 3000));
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
