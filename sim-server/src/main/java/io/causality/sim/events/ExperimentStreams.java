package io.causality.sim.events;

import io.causality.common.errors.ApiException;
import io.causality.common.errors.ErrorCodes;
import io.causality.sim.config.EventsConfig;
import io.causality.sim.core.experiments.ExperimentReader;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.OrganizationService;
import java.time.Duration;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import org.eclipse.jetty.util.component.LifeCycle;

/**
 * Experiments' event streams (docs/experiments.md, "Events"): checks access (404), takes one of the
 * organization's experiment-stream slots (429, its license's {@code maxConcurrentSSE}, counted
 * apart from simulation streams), and runs each stream on a thread of its own, which reads the
 * experiment's stored events from the database. Every instance writes an experiment's events in the
 * transactions of its changes, so a stream on any instance tells every change, in order, and
 * resumes after any id. Closed when the server starts stopping.
 */
public final class ExperimentStreams implements LifeCycle.Listener {
  /** How often a stream looks for new events. */
  static final Duration POLL = Duration.ofMillis(250);

  private final ExperimentReader reader;
  private final OrganizationService organizations;
  private final ExecutorService threads;
  private final StreamSlots slots;
  private final Duration heartbeat;
  private final Set<ExperimentStream> open = ConcurrentHashMap.newKeySet();
  private volatile boolean closing;

  public ExperimentStreams(
      ExperimentReader reader,
      OrganizationService organizations,
      ExecutorService threads,
      EventsConfig config) {
    this.reader = reader;
    this.organizations = organizations;
    this.threads = threads;
    this.heartbeat = config.getHeartbeatInterval().toJavaDuration();
    this.slots = new StreamSlots(Math.max(1, 2 * config.getHeartbeatInterval().toSeconds()));
  }

  /**
   * Streams the experiment's events to {@code client}: those after {@code lastEventId} (absent:
   * from now), then each new one. A {@code lastEventId} after its last event is 400.
   */
  public void open(Caller caller, UUID id, Long lastEventId, SseClient client) {
    if (closing) {
      throw new ApiException(
          503, ErrorCodes.SERVICE_UNAVAILABLE, "The service is shutting down; reconnect later");
    }
    UUID organization = reader.organizationOf(caller, id);
    long last = reader.lastEvent(caller, id);
    if (lastEventId != null && lastEventId > last) {
      throw ApiException.invalidField(
          "Last-Event-ID", "is after the experiment's last event " + last);
    }
    int limit = organizations.tierOf(organization).maxConcurrentSse();
    StreamSlots.Slot slot = slots.acquire(organization, limit);
    ExperimentStream stream =
        new ExperimentStream(
            id,
            lastEventId == null ? last : lastEventId,
            client,
            reader,
            heartbeat,
            POLL,
            closed -> {
              open.remove(closed);
              slot.release();
            });
    open.add(stream);
    try {
      threads.execute(stream);
    } catch (RejectedExecutionException e) {
      open.remove(stream);
      slot.release();
      throw new ApiException(
          503,
          ErrorCodes.SERVICE_UNAVAILABLE,
          "This server has as many event streams open as it can hold; retry");
    }
  }

  @Override
  public void lifeCycleStopping(LifeCycle server) {
    closing = true;
    open.forEach(ExperimentStream::shutdown);
  }
}
