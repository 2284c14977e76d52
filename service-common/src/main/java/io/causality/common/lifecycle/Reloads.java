package io.causality.common.lifecycle;

import io.dropwizard.core.setup.Environment;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

/**
 * The three ways to reload a service's policy and keys, which all run the same {@link Reloadable}
 * one at a time: {@code SIGHUP} (what {@code systemctl reload} sends), and the admin task {@code
 * POST /tasks/reload-policy}, which answers with the outcome. Every outcome is logged.
 */
public final class Reloads {
  /** The admin task's name, and the last part of its path. */
  public static final String TASK = "reload-policy";

  private static final Logger LOG = LoggerFactory.getLogger(Reloads.class);

  private final String service;
  private final Reloadable target;

  public Reloads(String service, Reloadable target) {
    this.service = Objects.requireNonNull(service, "service");
    this.target = Objects.requireNonNull(target, "target");
  }

  /**
   * Registers the admin task and the SIGHUP handler. The JVM's default for SIGHUP is to exit, so
   * the handler is installed as soon as the service is wired, before it serves.
   */
  public static Reloads install(Environment environment, String service, Reloadable target) {
    Reloads reloads = new Reloads(service, target);
    environment
        .admin()
        .addServlet(TASK, new ReloadServlet(reloads, environment.getObjectMapper()))
        .addMapping("/tasks/" + TASK);
    Signal.handle(new Signal("HUP"), signal -> reloads.onHangup());
    return reloads;
  }

  /** Runs the reload now, after any reload in progress; logs and answers the outcome. */
  public synchronized ReloadOutcome reload(String trigger) {
    ReloadOutcome outcome;
    try {
      outcome = target.reload();
    } catch (RuntimeException e) {
      // A bug, not a refused policy: the old set still serves; the log gets the trace, not the
      // task's caller.
      LOG.error(
          "{}: reload ({}) failed unexpectedly; the current policy keeps serving",
          service,
          trigger,
          e);
      return ReloadOutcome.refused("the reload failed unexpectedly; see the service's log");
    }
    if (outcome.applied()) {
      LOG.info("{}: reload ({}) applied: {}", service, trigger, outcome.message());
    } else {
      LOG.warn(
          "{}: reload ({}) refused, the current policy keeps serving: {}",
          service,
          trigger,
          outcome.message());
    }
    return outcome;
  }

  /** Off the signal thread, which must not block. */
  private void onHangup() {
    Thread worker = new Thread(() -> reload("SIGHUP"), service + "-reload");
    worker.setDaemon(true);
    worker.start();
  }
}
