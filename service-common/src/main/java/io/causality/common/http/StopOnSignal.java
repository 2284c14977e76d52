package io.causality.common.http;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.component.LifeCycle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

/**
 * SIGTERM and SIGINT stop the server first and only then exit the JVM.
 *
 * <p>By default the JVM runs all its shutdown hooks at once: Jetty's graceful stop ran beside H2's,
 * which closes the embedded database at once (and {@code DB_CLOSE_ON_EXIT=FALSE} cannot be combined
 * with {@code AUTO_SERVER}). The stop then failed in its first step and the JVM exited within half
 * a second, cutting every request in flight and sending no event stream its {@code SHUTDOWN}. Here
 * the signal starts the server's stop (requests drain for up to {@code shutdownGracePeriod},
 * streams are told), and the exit, with the database's hook, follows it. A second signal exits at
 * once. The exit status stays 128 + the signal's number.
 */
public final class StopOnSignal implements LifeCycle.Listener {
  private static final Logger LOG = LoggerFactory.getLogger(StopOnSignal.class);
  private static final List<String> SIGNALS = List.of("TERM", "INT");

  private final AtomicBoolean stopping = new AtomicBoolean();

  @Override
  public void lifeCycleStarted(LifeCycle event) {
    if (event instanceof Server server) {
      for (String name : SIGNALS) {
        Signal.handle(new Signal(name), signal -> onSignal(server, 128 + signal.getNumber()));
      }
    }
  }

  private void onSignal(Server server, int status) {
    if (!stopping.compareAndSet(false, true)) {
      System.exit(status);
    }
    Thread stopper = new Thread(() -> stopThenExit(server, status), "graceful-stop");
    stopper.start();
  }

  private static void stopThenExit(Server server, int status) {
    try {
      server.stop();
    } catch (Exception e) {
      LOG.warn("The graceful stop failed; exiting anyway", e);
    }
    System.exit(status);
  }
}
