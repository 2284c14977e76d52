package io.causality.sim.events;

import io.causality.common.errors.ApiException;
import io.causality.common.errors.ErrorCodes;
import io.causality.sim.api.SimulationView;
import io.causality.sim.api.TraceAgents;
import io.causality.sim.config.EventsConfig;
import io.causality.sim.core.AgentsShown;
import io.causality.sim.core.EventReplay;
import io.causality.sim.core.SharedStreamSlots;
import io.causality.sim.core.SimulationPublisher;
import io.causality.sim.core.SimulationReader;
import io.causality.sim.core.errors.StreamLimitException;
import io.causality.sim.core.events.EventId;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.OrganizationService;
import io.causality.sim.core.organization.Tier;
import io.causality.sim.engine.output.AgentSelection;
import io.causality.sim.metrics.SimMetrics;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens and runs the event streams (docs/simulations.md, "Event stream"): checks access (401, 404),
 * takes one of the organization's stream slots (429), registers the stream under the simulation's
 * lock and runs it on a thread of its own, so that a client that blocks its connection blocks
 * nobody else. At shutdown, every stream gets a last word and is closed.
 */
public final class EventStreams {
  private static final Logger LOG = LoggerFactory.getLogger(EventStreams.class);

  private final SimulationPublisher simulations;
  private final SimulationReader reader;
  private final OrganizationService organizations;
  private final EventHub hub;
  private final EventReplay replay;
  private final ExecutorService threads;
  private final StreamSlots slots;
  private final EventStream.Buffer clientBuffer;
  private final EventStream.Pace pace;
  private volatile boolean closing;

  public EventStreams(
      SimulationPublisher simulations,
      SimulationReader reader,
      OrganizationService organizations,
      EventHub hub,
      EventReplay replay,
      ExecutorService threads,
      EventsConfig config,
      Optional<SharedStreamSlots> sharedSlots) {
    this.simulations = simulations;
    this.reader = reader;
    this.organizations = organizations;
    this.hub = hub;
    this.replay = replay;
    this.threads = threads;
    this.clientBuffer =
        new EventStream.Buffer(config.getClientBuffer(), config.getClientBufferBytes().toBytes());
    this.pace =
        new EventStream.Pace(
            config.getHeartbeatInterval().toNanoseconds(),
            config.getProbeInterval().toNanoseconds());
    this.slots = new StreamSlots(retryAfterSeconds(pace), sharedSlots);
  }

  /**
   * What a refused client is told to wait: by then a slot whose client went away is free, since its
   * stream writes at least every probe interval and the second write after the client left fails.
   */
  static long retryAfterSeconds(EventStream.Pace pace) {
    long quiet = Math.min(pace.heartbeatNanos(), pace.probeNanos());
    return TimeUnit.NANOSECONDS.toSeconds(2 * quiet + TimeUnit.SECONDS.toNanos(1) - 1) + 1;
  }

  /**
   * Starts streaming the simulation's events to {@code client}: those after {@code lastEventId}
   * read back from storage first, then the live ones, each {@code tick} with the {@code agents}
   * asked for (null: the default of the simulation's size and tier).
   */
  public void open(
      Caller caller, UUID id, Optional<EventId> lastEventId, TraceAgents agents, SseClient client) {
    if (closing) {
      throw unavailable("The service is shutting down; reconnect once it is back");
    }
    SimulationView simulation = reader.get(caller, id);
    Tier tier = organizations.tierOf(simulation.organizationId());
    AgentSelection shown =
        AgentsShown.resolve(agents, AgentsShown.agentsOf(simulation.state().json()), () -> tier);
    StreamSlots.Slot slot = acquire(simulation.organizationId(), tier);
    EventStream stream;
    try {
      stream =
          simulations.listen(
              caller,
              id,
              (row, position) -> register(row.id(), shown, position, lastEventId, client, slot));
    } catch (RuntimeException e) {
      slot.release();
      throw e;
    }
    start(stream, slot);
  }

  /** A slot, counted open under the tier; a refusal is counted as a stream cut by a limit. */
  private StreamSlots.Slot acquire(UUID organizationId, Tier tier) {
    try {
      StreamSlots.Slot slot = slots.acquire(organizationId, tier.maxConcurrentSse());
      SimMetrics.EVENT_STREAMS_OPEN.labelValues(tier.wireName()).inc();
      slot.onRelease(() -> SimMetrics.EVENT_STREAMS_OPEN.labelValues(tier.wireName()).dec());
      return slot;
    } catch (StreamLimitException e) {
      SimMetrics.EVENT_STREAMS_CLOSED.labelValues("limit").inc();
      throw e;
    }
  }

  /**
   * Sends every stream, after what it has queued, the {@code SHUTDOWN} error and closes it; waits
   * up to {@code grace} for them to finish. Later requests are refused with 503.
   */
  public void close(Duration grace) {
    closing = true;
    hub.all().forEach(EventStream::shutdown);
    long deadline = System.nanoTime() + grace.toNanos();
    while (!hub.isEmpty() && System.nanoTime() - deadline < 0) {
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
    if (!hub.isEmpty()) {
      LOG.warn("Some event streams did not close within {}", grace);
    }
  }

  /** Under the simulation's lock. */
  private EventStream register(
      UUID id,
      AgentSelection agents,
      EventId position,
      Optional<EventId> lastEventId,
      SseClient client,
      StreamSlots.Slot slot) {
    EventId from = lastEventId.orElse(position);
    if (from.isAfter(position)) {
      throw ApiException.invalidField(
          "Last-Event-ID", "is after the simulation's last event " + position.wire());
    }
    EventStream stream =
        new EventStream(
            id,
            agents,
            from,
            position,
            client,
            replay::replay,
            closed -> closed(closed, slot),
            clientBuffer,
            pace);
    hub.add(stream);
    return stream;
  }

  private void start(EventStream stream, StreamSlots.Slot slot) {
    try {
      threads.execute(stream);
    } catch (RejectedExecutionException e) {
      hub.remove(stream);
      slot.release();
      SimMetrics.EVENT_STREAMS_CLOSED.labelValues("limit").inc();
      throw unavailable("This server has as many event streams open as it can hold; retry");
    }
  }

  private void closed(EventStream stream, StreamSlots.Slot slot) {
    SimMetrics.EVENT_STREAMS_CLOSED.labelValues(stream.closeReason().label()).inc();
    hub.remove(stream);
    slot.release();
  }

  private static ApiException unavailable(String message) {
    return new ApiException(503, ErrorCodes.SERVICE_UNAVAILABLE, message);
  }
}
