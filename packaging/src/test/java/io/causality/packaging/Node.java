package io.causality.packaging;

import io.causality.common.testing.JarProcess;
import io.causality.common.testing.PostgresTestDatabase;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One node of a service in the rolling-upgrade test: a jar (of this build or of the previous
 * release) as its own process on the shared PostgreSQL schema, with its configuration file and
 * ports of its own, in the deployment's folder.
 */
final class Node implements AutoCloseable {
  private final JarProcess process;
  private final String service;
  private final Path config;
  private final List<String> options;
  private final int port;

  private Node(
      String name, String service, Path jar, Path folder, Path config, PostgresTestDatabase db) {
    this.process = new JarProcess(name, jar, folder);
    this.service = service;
    this.config = config;
    this.port = JarProcess.freePort();
    this.options = new ArrayList<>();
    int admin = JarProcess.freePort();
    if (service.equals("hitl-coordinator")) {
      options.add("-Ddw.bind=127.0.0.1:" + port);
    } else {
      options.add("-Ddw.server.applicationConnectors[0].port=" + port);
    }
    options.add("-Ddw.server.adminConnectors[0].port=" + admin);
    options.add("-Ddw.logging.level=WARN");
    // the traffic is one client at full speed: per-caller limits are not what is tested
    options.add("-Ddw.rateLimits.enabled=false");
    db.databaseSettings().forEach((key, value) -> options.add("-Ddw." + key + "=" + value));
  }

  /** Starts a node and waits until it is healthy. */
  static Node start(
      String name, String service, Path jar, Path folder, Path config, PostgresTestDatabase db) {
    Node node = new Node(name, service, jar, folder, config, db);
    node.process.launch(node.options, List.of("serve", node.config.toString()));
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
