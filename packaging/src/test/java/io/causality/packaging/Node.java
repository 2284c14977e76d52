package io.causality.packaging;

import io.causality.common.testing.Await;
import io.causality.common.testing.JarProcess;
import io.causality.common.testing.PostgresTestDatabase;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One node of a service in the rolling-upgrade test: a jar (of this build or of the previous
 * release) as its own process on the shared PostgreSQL schema, with its configuration file and
 * ports of its own, in the deployment's folder.
 */
final class Node implements AutoCloseable {
  /**
   * Jetty's "Started application@...{127.0.0.1:PORT}": the port the kernel gave the node (each node
   * binds port 0, so no other process on the machine can take its port between a probe and the
   * bind), in the log of both releases.
   */
  private static final Pattern STARTED =
      Pattern.compile("Started application@\\S*\\{[^}]*}\\{[^}]*:(\\d+)}");

  private final JarProcess process;
  private final String service;
  private final Path config;
  private final List<String> options;
  private int port;

  private Node(
      String name, String service, Path jar, Path folder, Path config, PostgresTestDatabase db) {
    this.process = new JarProcess(name, jar, folder);
    this.service = service;
    this.config = config;
    this.options = new ArrayList<>();
    if (service.equals("hitl-coordinator")) {
      options.add("-Ddw.bind=127.0.0.1:0");
    } else {
      options.add("-Ddw.server.applicationConnectors[0].port=0");
    }
    options.add("-Ddw.server.adminConnectors[0].port=0");
    options.add("-Ddw.logging.level=WARN");
    options.add("-Ddw.logging.loggers.org\\.eclipse\\.jetty\\.server\\.AbstractConnector=INFO");
    // the traffic is one client at full speed: per-caller limits are not what is tested
    options.add("-Ddw.rateLimits.enabled=false");
    // as docs/operations.md ("Two nodes on PostgreSQL") asks: an old node's cached plans survive
    // the new node's added columns
    db.databaseSettings()
        .forEach(
            (key, value) ->
                options.add(
                    "-Ddw."
                        + key
                        + "="
                        + (key.equals("database.url") ? value + "&autosave=conservative" : value)));
  }

  /** Starts a node and waits until it is healthy. */
  static Node start(
      String name, String service, Path jar, Path folder, Path config, PostgresTestDatabase db) {
    Node node = new Node(name, service, jar, folder, config, db);
    node.process.launch(node.options, List.of("serve", node.config.toString()));
    node.port = node.boundPort();
    node.process.awaitHealthy(URI.create(node.base() + node.health()), Duration.ofSeconds(180));
    return node;
  }

  /** A node that is not started: for the jar's commands on the shared database. */
  static Node stopped(
      String name, String service, Path jar, Path folder, Path config, PostgresTestDatabase db) {
    return new Node(name, service, jar, folder, config, db);
  }

  /** One of the jar's commands on this node's configuration (an admin command, audit verify). */
  String command(String... arguments) {
    List<String> all = new ArrayList<>(List.of(arguments));
    all.add(config.toString());
    return process.run(options, all);
  }

  /** The application port of this start, once Jetty logged it. */
  private int boundPort() {
    return Await.value(
        process.workDir() + ": the application connector's port",
        Duration.ofSeconds(180),
        () -> {
          if (!process.isAlive()) {
            throw new IllegalStateException(process.tail());
          }
          Matcher started = STARTED.matcher(process.log());
          return started.find()
              ? Optional.of(Integer.parseInt(started.group(1)))
              : Optional.empty();
        });
  }

  String base() {
    return "http://127.0.0.1:" + port;
  }

  private String health() {
    return service.equals("hitl-coordinator") ? "/healthz" : "/v1/health";
  }

  String log() {
    return process.tail();
  }

  @Override
  public void close() {
    process.close();
  }
}
