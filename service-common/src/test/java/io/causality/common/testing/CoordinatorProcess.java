package io.causality.common.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The built {@code hitl-coordinator.jar} as its own process, in a folder of {@code target/} holding
 * {@code dev-init}'s deployment (its keys, policy and caller tokens), on the repository's {@code
 * config/hitl-coordinator.yml} as an operator runs it: started again on the same files and port
 * after a SIGKILL (the coordinator's crash test) or a stop (sim-server's tests of both services
 * together, which cannot share one JVM: both ship {@code migrations/changelog.xml}). Here, not in
 * either module, because both use it; paths are relative to a module folder, as Maven runs tests.
 */
public final class CoordinatorProcess implements AutoCloseable {
  private static final Path JAR =
      Path.of("..", "hitl-coordinator", "target", "hitl-coordinator.jar")
          .toAbsolutePath()
          .normalize();
  private static final Path CONFIG =
      Path.of("..", "config", "hitl-coordinator.yml").toAbsolutePath().normalize();
  private static final Duration START_LIMIT = Duration.ofSeconds(90);

  private final JarProcess process;
  private final int port;
  private Path config = CONFIG;

  private CoordinatorProcess(JarProcess process, int port) {
    this.process = process;
    this.port = port;
  }

  /** A fresh folder with dev-init's policy and keys under var/ (gamma floor 0.35). */
  public static CoordinatorProcess deploy() {
    JarProcess process = new JarProcess("coordinator", JAR, JarProcess.newWorkDir("coordinator-"));
    process.run(List.of(), List.of("dev-init", "--dir", "var"));
    return new CoordinatorProcess(process, JarProcess.freePort());
  }

  /**
   * From the next start on, the shipped configuration with {@code yaml} (top-level keys the shipped
   * file does not set, such as a {@code webhooks} block) appended, as a file in the deployment's
   * folder.
   */
  public CoordinatorProcess withConfigAppended(String yaml) {
    Path extended = process.workDir().resolve("hitl-coordinator.yml");
    try {
      Files.writeString(extended, Files.readString(CONFIG) + "\n" + yaml);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    config = extended;
    return this;
  }

  /** The deployment policy dev-init wrote: what sim-server's evaluation.policyPath names. */
  public Path policyFile() {
    return process.workDir().resolve("var/policy/deployment-policy.json");
  }

  /**
   * The owner-only token file dev-init wrote for a caller of the shipped configuration: {@code
   * runtime} (the evaluation runtime: submitter and redeemer) or {@code operator-1} (the operator
   * the hitl CLI presents).
   */
  public Path tokenFile(String caller) {
    return process.workDir().resolve("var/secrets/" + caller + ".token");
  }

  /** The bearer token in {@link #tokenFile}. */
  public String token(String caller) {
    try {
      return Files.readString(tokenFile(caller)).strip();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The embedded database of the shipped configuration ({@code dbPath}), without suffix. */
  public Path database() {
    return process.workDir().resolve("var/hitl-coordinator");
  }

  /** Runs an admin command of the jar in its folder, beside the server: its standard output. */
  public String command(String... arguments) {
    List<String> all = new java.util.ArrayList<>(List.of(arguments));
    all.add(CONFIG.toString());
    return process.run(List.of("-Ddw.logging.level=WARN"), all);
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + port;
  }

  public int port() {
    return port;
  }

  /** Starts the coordinator and waits until /healthz answers 200. */
  public CoordinatorProcess start() {
    process.launch(
        List.of(
            "-Ddw.bind=127.0.0.1:" + port,
            "-Ddw.server.adminConnectors[0].port=0",
            "-Ddw.logging.level=WARN"),
        List.of("serve", config.toString()));
    process.awaitHealthy(URI.create(baseUrl() + "/healthz"), START_LIMIT);
    return this;
  }

  /** SIGKILL: no shutdown hook, no flush, as a power cut or the OOM killer would. */
  public void kill() {
    process.kill();
  }

  /** Stops the process and waits for it to be gone, so its port refuses connections. */
  public void stop() {
    process.close();
  }

  @Override
  public void close() {
    stop();
  }

  /** The end of the current run's log, for failure messages. */
  public String tail() {
    return process.tail();
  }
}
