package io.causality.common.lifecycle;

import io.dropwizard.core.setup.Environment;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells systemd that the service is ready once every connector listens, so that {@code systemctl
 * start} returns then (the units are {@code Type=notify}, {@code NotifyAccess=all}). The JDK cannot
 * send the datagram to {@code $NOTIFY_SOCKET} itself (it has no datagram Unix sockets), so it runs
 * {@code systemd-notify --ready}, which waits until systemd has taken the message (systemd 246 and
 * later) and so cannot lose it by exiting first. Outside systemd ({@code NOTIFY_SOCKET} unset)
 * nothing runs.
 */
public final class Readiness {
  static final String SOCKET = "NOTIFY_SOCKET";
  private static final Logger LOG = LoggerFactory.getLogger(Readiness.class);

  private final Map<String, String> environment;
  private final String notifyCommand;

  Readiness(Map<String, String> environment, String notifyCommand) {
    this.environment = environment;
    this.notifyCommand = notifyCommand;
  }

  /** Notifies systemd when the server has started, if systemd asked to be told. */
  public static void install(Environment environment, String service) {
    Readiness readiness = new Readiness(System.getenv(), "systemd-notify");
    environment
        .lifecycle()
        .addServerLifecycleListener(server -> readiness.ready(service + " is serving"));
  }

  /** Whether systemd waits for the notification. */
  boolean expected() {
    String socket = environment.get(SOCKET);
    return socket != null && !socket.isBlank();
  }

  /** Runs the notification; true when systemd took it (or none was expected). */
  boolean ready(String status) {
    if (!expected()) {
      return true;
    }
    List<String> command = List.of(notifyCommand, "--ready", "--status=" + status);
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getOutputStream().close();
      String output = new String(process.getInputStream().readAllBytes()).strip();
      if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
        LOG.warn("Could not tell systemd the service is ready ({}): {}", notifyCommand, output);
        return false;
      }
      return true;
    } catch (IOException e) {
      LOG.warn("Could not tell systemd the service is ready: {}", e.getMessage());
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
