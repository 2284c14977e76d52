package io.causality.hitl.coordinator.events;

import io.causality.common.schedule.PeriodicTask;
import io.causality.common.sse.SseConnection;
import io.causality.hitl.coordinator.core.AuditTrail;
import io.causality.hitl.coordinator.core.OrganizationScope;
import io.dropwizard.lifecycle.Managed;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jetty.util.component.LifeCycle;

/**
 * The open audit event streams. One thread polls the chain in the database every {@code poll} and
 * sends each stream the events after the last one it was sent, in chain order: the database is the
 * source, so a stream sees the events of every coordinator instance sharing it, and a client
 * resumes after any sequence it names in {@code Last-Event-ID}. A comment goes to every stream each
 * {@code heartbeat}, within the connector's idle timeout. When the server starts stopping, every
 * stream is closed (event streams never finish on their own, and the server would wait for them).
 */
public final class AuditEventStreams implements Managed, LifeCycle.Listener {
  private static final int BATCH = 100;

  private final AuditTrail audit;
  private final Duration heartbeat;
  private final Set<AuditStream> streams = ConcurrentHashMap.newKeySet();
  private final PeriodicTask poller;
  private long lastHeartbeatNanos = System.nanoTime();

  public AuditEventStreams(AuditTrail audit, Duration poll, Duration heartbeat) {
    this.audit = Objects.requireNonNull(audit, "audit");
    Objects.requireNonNull(poll, "poll");
    this.heartbeat = Objects.requireNonNull(heartbeat, "heartbeat");
    // A failed poll (the database briefly away) is logged; the next tries again from the same
    // place.
    this.poller =
        new PeriodicTask(
            "audit-event-streams", AuditEventStreams.class, poll, poll, this::pollOnce);
  }

  /**
   * Opens a stream that is sent the events after {@code lastEventId}, or, without one, the events
   * written from now on: every event, or, for a reader scoped to organizations, those of their
   * requests (the others are skipped, so sequences have gaps).
   */
  public void open(
      Optional<Long> lastEventId, OrganizationScope scope, SseEventSink sink, Sse sse) {
    AuditStream stream =
        new AuditStream(
            new SseConnection(sink, sse), lastEventId.orElseGet(audit::headSequence), scope);
    try {
      // Flushes the answer's headers, so the client knows the stream is open before any event.
      stream.comment("audit events after " + stream.lastSent());
      streams.add(stream);
    } catch (IOException e) {
      stream.close();
    }
  }

  @Override
  public void start() {
    poller.start();
  }

  @Override
  public void stop() throws InterruptedException {
    poller.stop();
    closeAll();
  }

  @Override
  public void lifeCycleStopping(LifeCycle server) {
    closeAll();
  }

  private void pollOnce() {
    if (streams.isEmpty()) {
      return;
    }
    boolean beat = System.nanoTime() - lastHeartbeatNanos >= heartbeat.toNanos();
    if (beat) {
      lastHeartbeatNanos = System.nanoTime();
    }
    long head = audit.headSequence();
    for (AuditStream stream : streams) {
      try {
        catchUp(stream, head);
        if (beat) {
          stream.comment("heartbeat");
        }
      } catch (IOException e) {
        streams.remove(stream);
        stream.close();
      }
    }
  }

  private void catchUp(AuditStream stream, long head) throws IOException {
    while (stream.lastSent() < head) {
      List<AuditTrail.OrganizationEvent> events =
          audit.afterWithOrganizations(stream.lastSent(), BATCH);
      if (events.isEmpty()) {
        return;
      }
      for (AuditTrail.OrganizationEvent event : events) {
        stream.send(event);
      }
    }
  }

  private void closeAll() {
    streams.forEach(AuditStream::close);
    streams.clear();
  }
}
