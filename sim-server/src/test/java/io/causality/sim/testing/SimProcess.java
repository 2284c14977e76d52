package io.causality.sim.testing;

import io.causality.common.testing.JarProcess;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The built {@code sim-server.jar} as its own process on a database file in a folder of {@code
 * target/}, as an operator runs it: it can be killed with SIGKILL (a crash) or stopped with SIGTERM
 * (the JVM's shutdown hook stops Jetty gracefully), and started again on the same files and port.
 */
public final class SimProcess implements AutoCloseable {
  private static final Path JAR = Path.of("target", "sim-server.jar").toAbsolutePath();
  private static final Path CONFIG =
      Path.of("target", "test-classes", "configs", "minimal.yml").toAbsolutePath();
  private static final Duration START_LIMIT = Duration.ofSeconds(90);

  private final JarProcess process;
  private final int port;
  private final List<String> settings;
  private final List<String> jvmOptions = new ArrayList<>();

  private SimProcess(JarProcess process, int port, List<String> settings) {
    this.process = process;
    this.port = port;
    this.settings = settings;
  }

  /**
   * Runs the server on a heap of {@code size} ({@code 512m}), ending on an OutOfMemoryError as the
   * packaged unit does ({@code -XX:+ExitOnOutOfMemoryError}); call before {@link #start}.
   */
  public SimProcess heap(String size) {
    jvmOptions.addAll(List.of("-Xms" + size, "-Xmx" + size, "-XX:+ExitOnOutOfMemoryError"));
    return this;
  }

  /**
   * A fresh folder and port; {@code settings} are extra {@code -Ddw.} overrides such as {@code
   * rateLimits.enabled=false}.
   */
  public static SimProcess create(String... settings) {
    return new SimProcess(
        new JarProcess("sim-server", JAR, JarProcess.newWorkDir("sim-process-")),
        JarProcess.freePort(),
        List.of(settings));
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
    return process.isAlive();
  }

  /** {@code org create} and {@code apikey create} on the database file: the new API key. */
  public String createApiKey(String slug, String tier) {
    admin(List.of("org", "create", "--name", slug, "--slug", slug, "--tier", tier));
    return admin(
            List.of(
                "apikey", "create", "--org", slug, "--scopes", "simulation:read,simulation:write"))
        .strip();
  }

  /** Starts the server and waits until /v1/health answers 200. */
  public SimProcess start() {
    launch();
    process.awaitHealthy(URI.create(baseUrl() + "/v1/health"), START_LIMIT);
    return this;
  }

  /** Starts the server as a start that must fail: its exit status; its output is {@link #log}. */
  public int startAndAwaitExit(Duration limit) {
    launch();
    if (!process.await(limit)) {
      close();
      throw new IllegalStateException("sim-server did not exit: " + tail());
    }
    return process.exitValue();
  }

  /** SIGKILL: no shutdown hook, no flush, as a power cut or the OOM killer would. */
  public void kill() {
    process.kill();
  }

  /** SIGTERM, without waiting: the graceful stop. */
  public void terminate() {
    process.terminate();
  }

  /** Waits for the process to exit; answers whether it did within the limit. */
  public boolean await(Duration limit) {
    return process.await(limit);
  }

  @Override
  public void close() {
    process.close();
  }

  /** The end of the current run's log, for failure messages. */
  public String tail() {
    return process.tail();
  }

  /** The current run's whole output. */
  public String log() {
    return process.log();
  }

  private void launch() {
    List<String> options = new ArrayList<>(jvmOptions);
    options.addAll(properties());
    process.launch(options, List.of("serve", CONFIG.toString()));
  }

  private String admin(List<String> arguments) {
    List<String> command = new ArrayList<>(arguments);
    command.add(CONFIG.toString());
    return process.run(properties(), command);
  }

  private List<String> properties() {
    List<String> properties =
        new ArrayList<>(
            List.of(
                "-Ddw.database.url=jdbc:h2:file:"
                    + process.workDir().resolve("sim")
                    + ";AUTO_SERVER=TRUE",
                "-Ddw.logging.level=WARN",
                "-Ddw.server.applicationConnectors[0].port=" + port));
    settings.forEach(setting -> properties.add("-Ddw." + setting));
    return properties;
  }
}
