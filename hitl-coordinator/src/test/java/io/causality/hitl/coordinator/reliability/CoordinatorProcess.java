package io.causality.hitl.coordinator.reliability;

import io.causality.common.testing.JarProcess;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

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

  private final JarProcess process;
  private final int port;

  private CoordinatorProcess(JarProcess process, int port) {
    this.process = process;
    this.port = port;
  }

  /** A fresh folder with dev-init's policy and keys under var/, and a free port. */
  static CoordinatorProcess deploy() {
    JarProcess process = new JarProcess("coordinator", JAR, JarProcess.newWorkDir("coordinator-"));
    process.run(List.of(), List.of("dev-init", "--dir", "var"));
    return new CoordinatorProcess(process, JarProcess.freePort());
  }

  int port() {
    return port;
  }

  /** Starts the coordinator and waits until /healthz answers 200. */
  CoordinatorProcess start() {
    process.launch(List.of("-Ddw.bind=127.0.0.1:" + port,
        "-Ddw.server.adminConnectors[0].port=0", "-Ddw.logging.level=WARN"),
        List.of("serve", CONFIG.toString()));
    process.awaitHealthy(URI.create("http://127.0.0.1:" + port + "/healthz"),
        Duration.ofSeconds(90));
    return this;
  }

  /** SIGKILL: no shutdown hook, no flush, as a power cut or the OOM killer would. */
  void kill() {
    process.kill();
  }

  boolean await(Duration limit) {
    return process.await(limit);
  }

  @Override
  public void close() {
    process.close();
  }

  /** The end of the current run's log, for failure messages. */
  String tail() {
    return process.tail();
  }
}
