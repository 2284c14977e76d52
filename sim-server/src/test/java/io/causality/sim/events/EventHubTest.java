package io.causality.sim.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.common.testing.Await;
import io.causality.sim.core.events.EventBatch;
import io.causality.sim.core.events.EventId;
import io.causality.sim.core.events.SimulationEvent;
import io.causality.sim.engine.output.AgentSelection;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The fan-out of a simulation's batches to its streams, each of the agents it asked for. */
class EventHubTest {
  private static final UUID SIMULATION = UUID.randomUUID();
  private static final long NEVER = TimeUnit.HOURS.toNanos(1);

  private final List<Thread> threads = new ArrayList<>();
  private final List<EventStream> streams = new ArrayList<>();

  /** A client whose sends wait at {@code gate}, and which keeps only weak references to frames. */
  private static final class Client implements StreamClient {
    final CountDownLatch gate;
    final CountDownLatch sending = new CountDownLatch(1);
    final List<WeakReference<Frame>> received = new ArrayList<>();
    final CountDownLatch twoTicks = new CountDownLatch(2);

    Client(boolean blocked) {
      gate = new CountDownLatch(blocked ? 1 : 0);
    }

    @Override
    public void comment(String text) {
      // not an event
    }

    @Override
    public synchronized void send(List<Frame> frames) throws IOException {
      sending.countDown();
      try {
        gate.await();
      } catch (InterruptedException e) {
        throw new IOException(e);
      }
      for (Frame frame : frames) {
        received.add(new WeakReference<>(frame));
        twoTicks.countDown();
      }
    }

    @Override
    public void probe() {
      // not an event
    }

    @Override
    public void close() {
      // nothing to close
    }
  }

  @AfterEach
  void stop() {
    streams.forEach(EventStream::shutdown);
    threads.forEach(Thread::interrupt);
  }

  private EventStream listen(EventHub hub, AgentSelection agents, Client client) {
    return listen(
        hub,
        agents,
        client,
        (id, after, until, selection, sink) -> {
          throw new IOException("no storage here");
        });
  }

  private EventStream listen(
      EventHub hub, AgentSelection agents, Client client, EventStream.Replay storage) {
    EventStream stream =
        new EventStream(
            SIMULATION,
            agents,
            EventId.before(5),
            EventId.before(5),
            client,
            storage,
            closed -> hub.remove(closed),
            new EventStream.Buffer(4_096, Long.MAX_VALUE),
            new EventStream.Pace(NEVER, NEVER));
    hub.add(stream);
    streams.add(stream);
    Thread thread = new Thread(stream);
    threads.add(thread);
    thread.start();
    return stream;
  }

  /** A tick whose every agent makes a megabyte, and whose changed agents a few bytes. */
  private static EventBatch tick(long tick) {
    SimulationEvent event =
        new SimulationEvent(
            new EventId(tick, 1),
            "tick",
            "{\"all\":\"" + "a".repeat(1 << 20) + "\"}",
            Map.of(
                AgentSelection.ALL,
                "{\"all\":\"" + "a".repeat(1 << 20) + "\"}",
                AgentSelection.CHANGED,
                "{\"changed\":[]}"));
    return EventBatch.of(EventId.before(tick), List.of(event), EventId.before(tick + 1));
  }

  @Test
  void aStreamBehindKeepsOnlyTheFramesOfTheAgentsItAskedFor() throws Exception {
    EventHub hub = new EventHub(new EventBatch.Limit(4_096, Long.MAX_VALUE));
    Client changed = new Client(true);
    Client all = new Client(false);
    listen(hub, AgentSelection.CHANGED, changed);
    listen(hub, AgentSelection.ALL, all);

    hub.publish(SIMULATION, tick(5));
    // the changed stream's thread is stuck writing tick 5: tick 6 waits in its queue
    assertThat(changed.sending.await(5, TimeUnit.SECONDS)).isTrue();
    hub.publish(SIMULATION, tick(6));
    assertThat(all.twoTicks.await(5, TimeUnit.SECONDS)).isTrue();

    // the every-agent frames were sent: nothing holds them, whoever else is behind
    Await.until(
        "the sent frames of every agent are collected",
        Duration.ofSeconds(10),
        () -> {
          System.gc();
          synchronized (all) {
            return all.received.stream().allMatch(frame -> frame.get() == null);
          }
        });
    changed.gate.countDown();
  }

  @Test
  void aChangeCutForEveryAgentIsReadBackByTheirStreamsAloneWhileTheOthersGetItsFrames()
      throws Exception {
    EventHub hub = new EventHub(new EventBatch.Limit(4_096, Long.MAX_VALUE));
    List<String> readBack = new CopyOnWriteArrayList<>();
    Client changed = new Client(false);
    Client all = new Client(false);
    EventStream.Replay storage =
        (id, after, until, selection, sink) -> readBack.add(selection + " " + after + ".." + until);
    listen(hub, AgentSelection.CHANGED, changed, storage);
    listen(hub, AgentSelection.ALL, all, storage);

    SimulationEvent tick =
        new SimulationEvent(
            new EventId(5, 1),
            "tick",
            "{\"changed\":[]}",
            Map.of(AgentSelection.CHANGED, "{\"changed\":[]}"));
    hub.publish(
        SIMULATION,
        EventBatch.of(
            EventId.before(5), List.of(tick), EventId.before(6), Set.of(AgentSelection.ALL)));

    Await.until(
        "the stream of every agent reads the change back",
        Duration.ofSeconds(5),
        () -> !readBack.isEmpty());
    Await.until(
        "the stream of changed agents gets its tick",
        Duration.ofSeconds(5),
        () -> {
          synchronized (changed) {
            return changed.received.size() == 1;
          }
        });
    assertThat(readBack).containsExactly("ALL 5-0..6-0");
  }
}
