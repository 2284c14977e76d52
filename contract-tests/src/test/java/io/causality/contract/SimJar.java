package io.causality.contract;

import io.causality.common.testing.JarProcess;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** sim-server's built jar as its own process, on an embedded database in a folder of target/. */
final class SimJar implements AutoCloseable {
  private static final Path JAR =
      Path.of("..", "sim-server", "target", "sim-server.jar").toAbsolutePath().normalize();
  private static final Path CONFIG =
      Path.of("..", "sim-server", "src", "test", "resources", "configs", "minimal.yml")
          .toAbsolutePath()
          .normalize();

  private final JarProcess process;
  private final int port;

  private SimJar(JarProcess process, int port) {
    this.process = process;
    this.port = port;
  }

  /** Starts the jar and waits until /v1/health answers 200. */
  static SimJar start() {
    SimJar jar =
        new SimJar(
            new JarProcess("sim-server", JAR, JarProcess.newWorkDir("sim-contract-")),
            JarProcess.freePort());
    jar.process.launch(jar.options(), List.of("serve", CONFIG.toString()));
    jar.process.awaitHealthy(URI.create(jar.baseUrl() + "/v1/health"), Duration.ofSeconds(90));
    return jar;
  }

  String baseUrl() {
    return "http://127.0.0.1:" + port;
  }

  /** A new organization of the tier (its id) with an API key of every scope (the key). */
  String[] organizationWithKey(String slug, String tier) {
    String organization =
        admin(List.of("org", "create", "--name", slug, "--slug", slug, "--tier", tier)).strip();
    String key =
        admin(
                List.of(
                    "apikey",
                    "create",
                    "--org",
                    slug,
                    "--scopes",
                    "simulation:read,simulation:write,org:read,usage:read"))
            .strip();
    return new String[] {organization, key};
  }

  private String admin(List<String> command) {
    List<String> arguments = new ArrayList<>(command);
    arguments.add(CONFIG.toString());
    return process.run(options(), arguments);
  }

  private List<String> options() {
    return List.of(
        "-Ddw.server.applicationConnectors[0].port=" + port,
        "-Ddw.server.adminConnectors[0].port=0",
        "-Ddw.database.url=jdbc:h2:file:./var/sim;WRITE_DELAY=0;AUTO_SERVER=TRUE",
        // a heartbeat soon, so that the stream tests meet one without waiting long
        "-Ddw.events.heartbeatInterval=1 second",
        "-Ddw.logging.level=WARN");
  }

  @Override
  public void close() {
    process.close();
  }
}
