package io.causality.sim.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.core.errors.WorkingMemoryExhaustedException;
import io.causality.sim.core.events.EventBatch;
import io.causality.sim.core.events.EventId;
import io.causality.sim.core.events.SimulationEvent;
import io.causality.sim.engine.output.AgentSelection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** One stream's queue and thread, with a client that can be made to block. */
class EventStreamTest {
  private static final UUID SIMULATION = UUID.randomUUID();
  private static final long NO_HEARTBEAT = TimeUnit.HOURS.toNanos(1);

  /** Records what was sent; blocks every send while {@code gate} is closed. */
  private static final class FakeClient implements StreamClient {
    final List<String> sent = new CopyOnWriteArrayList<>();
    final CountDownLatch gate;
    final CountDownLatch closed = new CountDownLatch(1);
    // counted down when the stream's thread enters its first send (and blocks there if gated)
    final CountDownLatch sending = new CountDownLatch(1);
    final CountDownLatch threeHeartbeats = new CountDownLatch(3);

    FakeClient(boolean blocked) {
      this.gate = new CountDownLatch(blocked ? 1 : 0);
    }

    @Override
    public void comment(String text) {
      // not an event
    }

    @Override
    public void send(List<Frame> frames) throws IOException {
      sending.countDown();
      try {
        gate.await();
      } catch (InterruptedException e) {
        throw new IOException(e);
      }
      for (Frame frame : frames) {
        String text = text(frame);
        sent.add(text);
        if (text.startsWith("heartbeat")) {
          threeHeartbeats.countDown();
        }
      }
    }

    @Override
    public void probe() {
      // not an event
    }

    @Override
    public void close() {
      closed.countDown();
    }
  }

  /** A frame as {@code "name id data"}, checking its wire form on the way. */
  static String text(Frame frame) {
    String[] lines = new String(frame.bytes(), StandardCharsets.UTF_8).split("\n", -1);
    assertThat(lines).hasSize(5);
    assertThat(lines[3]).isEmpty();
    assertThat(lines[4]).isEmpty();
    assertThat(lines[1]).isEqualTo("id: " + frame.id().wire());
    String data = lines[2].equals("data:") ? "" : lines[2].substring("data: ".length());
    return lines[0].substring("event: ".length()) + " " + frame.id().wire() + " " + data;
  }

  private final List<Thread> threads = new ArrayList<>();
  private final CountDownLatch ended = new CountDownLatch(1);

  @AfterEach
  void stopThreads() {
    threads.forEach(Thread::interrupt);
  }

  private EventStream start(FakeClient client, int capacity, long heartbeatNanos) {
    return start(client, capacity, Long.MAX_VALUE, heartbeatNanos);
  }

  private EventStream start(FakeClient client, int capacity, long maxBytes, long heartbeatNanos) {
    return start(
        client,
        capacity,
        maxBytes,
        heartbeatNanos,
        (id, after, until, agents, sink) -> {
          throw new IOException("no storage here");
        });
  }

  private EventStream start(
      FakeClient client,
      int capacity,
      long maxBytes,
      long heartbeatNanos,
      EventStream.Replay replay) {
    EventStream stream =
        new EventStream(
            SIMULATION,
            AgentSelection.ALL,
            EventId.before(5),
            EventId.before(5),
            client,
            replay,
            closed -> ended.countDown(),
            new EventStream.Buffer(capacity, maxBytes),
            new EventStream.Pace(heartbeatNanos, NO_HEARTBEAT));
    Thread thread = new Thread(stream);
    threads.add(thread);
    thread.start();
    return stream;
  }

  private static EncodedBatch ticks(long from, int count) {
    List<SimulationEvent> events = new ArrayList<>();
    for (long t = from; t < from + count; t++) {
      events.add(new SimulationEvent(new EventId(t, 1), "tick", "{\"t\":" + t + "}"));
    }
    return EncodedBatch.of(
        EventBatch.of(EventId.before(from), events, EventId.before(from + count)),
        AgentSelection.ALL);
  }

  @Test
  void sendsEventsInOrderWithTheirIds() throws Exception {
    FakeClient client = new FakeClient(false);
    EventStream stream = start(client, 16, NO_HEARTBEAT);
    stream.offer(ticks(5, 3));
    stream.shutdown();
    assertThat(ended.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(client.sent)
        .containsExactly(
            "tick 5-1 {\"t\":5}",
            "tick 6-1 {\"t\":6}",
            "tick 7-1 {\"t\":7}",
            "error 7-1 {\"code\":\"SHUTDOWN\",\"message\":\"The server is "
                + "shutting down; reconnect with Last-Event-ID to resume\"}");
    assertThat(client.closed.getCount()).isZero();
    assertThat(stream.closeReason()).isEqualTo(EventStream.CloseReason.SHUTDOWN);
    assertThat(stream.closeReason().label()).isEqualTo("shutdown");
  }

  @Test
  void aClientTooFarBehindGetsAnErrorAndIsDisconnected() throws Exception {
    FakeClient client = new FakeClient(true);
    EventStream stream = start(client, 16, NO_HEARTBEAT);
    stream.offer(ticks(5, 1));
    assertThat(client.sending.await(5, TimeUnit.SECONDS)).isTrue();
    // the thread now waits on the first tick; these fill the queue, then overflow it
    stream.offer(ticks(6, 16));
    stream.offer(ticks(22, 1));
    stream.offer(ticks(23, 5));
    client.gate.countDown();
    assertThat(ended.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(client.sent).hasSize(2);
    assertThat(client.sent.get(0)).startsWith("tick 5-1 ");
    assertThat(client.sent.get(1)).startsWith("error 5-1 {\"code\":\"SLOW_CONSUMER\"");
    assertThat(client.closed.getCount()).isZero();
    assertThat(stream.closeReason()).isEqualTo(EventStream.CloseReason.SLOW_CONSUMER);
    assertThat(stream.closeReason().label()).isEqualTo("slow_reader");
  }

  /** Ticks of a 2,000-agent simulation: about 125 KB each, every agent's snapshot in it. */
  private static EncodedBatch largeTicks(long from, int count) {
    String agents =
        "{\"id\":\"a0000\",\"x\":12.345678,\"y\":98.765432,\"status\":\"held\"},".repeat(2_000);
    List<SimulationEvent> events = new ArrayList<>();
    for (long t = from; t < from + count; t++) {
      events.add(new SimulationEvent(new EventId(t, 1), "tick", "{\"agents\":[" + agents + "{}]}"));
    }
    return EncodedBatch.of(
        EventBatch.of(EventId.before(from), events, EventId.before(from + count)),
        AgentSelection.ALL);
  }

  @Test
  void aSlowReaderOfLargeTicksIsCutByBytesLongBeforeTheEventCount() throws Exception {
    FakeClient client = new FakeClient(true);
    // 4,096 events could be 500 MB of such ticks; 4 MiB is some 33 of them
    EventStream stream = start(client, 4_096, 4L << 20, NO_HEARTBEAT);
    stream.offer(ticks(5, 1));
    assertThat(client.sending.await(5, TimeUnit.SECONDS)).isTrue();
    // the reader is stuck on the first tick: these queue up until the bytes run out
    for (long t = 6; t < 66; t++) {
      stream.offer(largeTicks(t, 1));
    }
    client.gate.countDown();
    assertThat(ended.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(client.sent).hasSize(2);
    assertThat(client.sent.get(1))
        .startsWith("error 5-1 {\"code\":\"SLOW_CONSUMER\"")
        .contains("4194304 bytes");
  }

  @Test
  void eventsToReadBackWithNoWorkingMemoryFreeEndTheStreamWithWhenToResume() throws Exception {
    FakeClient client = new FakeClient(false);
    EventStream stream =
        start(
            client,
            16,
            Long.MAX_VALUE,
            NO_HEARTBEAT,
            (id, after, until, agents, sink) -> {
              throw new WorkingMemoryExhaustedException(10);
            });
    // a change too large to publish: its events are to be read back from storage
    stream.offer(EncodedBatch.of(EventBatch.incomplete(EventId.before(105)), AgentSelection.ALL));
    assertThat(ended.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(client.sent)
        .containsExactly(
            "error 5-0 {\"code\":\"SERVICE_UNAVAILABLE\",\"message\":\"The server is busy with"
                + " other large simulations and cannot read this one's events back now; reconnect"
                + " with Last-Event-ID after 10 seconds to resume\"}");
    assertThat(client.closed.getCount()).isZero();
    assertThat(stream.closeReason().label()).isEqualTo("working_memory");
  }

  /** A stream whose reads from storage are only recorded, each as {@code after..until}. */
  private EventStream recordingReadBacks(FakeClient client, List<String> readBack) {
    return start(
        client,
        16,
        Long.MAX_VALUE,
        NO_HEARTBEAT,
        (id, after, until, agents, sink) -> readBack.add(after.wire() + ".." + until.wire()));
  }

  @Test
  void consecutiveBatchesAreSentWithoutReadingBack() throws Exception {
    FakeClient client = new FakeClient(false);
    List<String> readBack = new CopyOnWriteArrayList<>();
    EventStream stream = recordingReadBacks(client, readBack);
    stream.offer(ticks(5, 1));
    stream.offer(ticks(6, 2));
    stream.shutdown();
    assertThat(ended.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(client.sent).hasSize(4);
    assertThat(readBack).isEmpty();
  }

  @Test
  void batchesTooLargeToPublishQueuedTogetherAreReadBackInOnePass() throws Exception {
    FakeClient client = new FakeClient(true);
    List<String> readBack = new CopyOnWriteArrayList<>();
    EventStream stream = recordingReadBacks(client, readBack);
    stream.offer(ticks(5, 1));
    assertThat(client.sending.await(5, TimeUnit.SECONDS)).isTrue();
    // while the client reads tick 5, a player publishes three changes too large to buffer
    for (long until : List.of(10L, 20L, 30L)) {
      stream.offer(
          EncodedBatch.of(EventBatch.incomplete(EventId.before(until)), AgentSelection.ALL));
    }
    client.gate.countDown();
    stream.shutdown();
    assertThat(ended.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(readBack).containsExactly("5-1..30-0");
  }

  @Test
  void heartbeatsCarryTheIdOfTheLastEventSent() throws Exception {
    FakeClient client = new FakeClient(false);
    EventStream stream = start(client, 16, TimeUnit.MILLISECONDS.toNanos(20));
    stream.offer(ticks(5, 2));
    assertThat(client.threeHeartbeats.await(5, TimeUnit.SECONDS)).isTrue();
    stream.shutdown();
    assertThat(ended.await(5, TimeUnit.SECONDS)).isTrue();
    List<String> beats = client.sent.stream().filter(s -> s.startsWith("heartbeat")).toList();
    assertThat(beats).hasSizeGreaterThan(2).allMatch(beat -> beat.equals("heartbeat 6-1 "));
  }

  @Test
  void aNoticeIsAnErrorEventAndTheStreamGoesOn() throws Exception {
    FakeClient client = new FakeClient(false);
    EventStream stream = start(client, 16, NO_HEARTBEAT);
    stream.notice("PLAYBACK_FAILED", "stopped");
    stream.offer(ticks(5, 1));
    stream.shutdown();
    assertThat(ended.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(client.sent).hasSize(3);
    assertThat(client.sent.get(0))
        .isEqualTo("error 5-0 {\"code\":\"PLAYBACK_FAILED\",\"message\":\"stopped\"}");
    assertThat(client.sent.get(1)).startsWith("tick 5-1");
  }

  @Test
  void aClientThatWentAwayEndsTheStream() throws Exception {
    StreamClient gone =
        new StreamClient() {
          @Override
          public void comment(String text) {
            // the headers went out
          }

          @Override
          public void send(List<Frame> frames) throws IOException {
            throw new IOException("broken pipe");
          }

          @Override
          public void probe() {
            // never reached: the heartbeat comes first
          }

          @Override
          public void close() {
            // nothing to close
          }
        };
    EventStream stream =
        new EventStream(
            SIMULATION,
            AgentSelection.ALL,
            EventId.before(5),
            EventId.before(5),
            gone,
            (id, after, until, agents, sink) -> {},
            closed -> ended.countDown(),
            new EventStream.Buffer(16, Long.MAX_VALUE),
            new EventStream.Pace(TimeUnit.MILLISECONDS.toNanos(20), NO_HEARTBEAT));
    Thread thread = new Thread(stream);
    threads.add(thread);
    thread.start();
    assertThat(ended.await(5, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void aQuietStreamProbesItsClientAndEndsAtTheFirstFailedProbe() throws Exception {
    List<String> writes = new CopyOnWriteArrayList<>();
    StreamClient vanishing =
        new StreamClient() {
          @Override
          public void comment(String text) {
            writes.add("comment");
          }

          @Override
          public void send(List<Frame> frames) {
            frames.forEach(frame -> writes.add(text(frame)));
          }

          @Override
          public void probe() throws IOException {
            writes.add("probe");
            if (writes.stream().filter("probe"::equals).count() == 3) {
              throw new IOException("connection reset by peer");
            }
          }

          @Override
          public void close() {
            // nothing to close
          }
        };
    EventStream stream =
        new EventStream(
            SIMULATION,
            AgentSelection.ALL,
            EventId.before(5),
            EventId.before(5),
            vanishing,
            (id, after, until, agents, sink) -> {},
            closed -> ended.countDown(),
            new EventStream.Buffer(16, Long.MAX_VALUE),
            new EventStream.Pace(NO_HEARTBEAT, TimeUnit.MILLISECONDS.toNanos(20)));
    Thread thread = new Thread(stream);
    threads.add(thread);
    thread.start();

    assertThat(ended.await(5, TimeUnit.SECONDS)).isTrue();
    // no heartbeat was due: the probes alone found the client gone
    assertThat(writes).containsExactly("comment", "probe", "probe", "probe");
    assertThat(stream.closeReason()).isEqualTo(EventStream.CloseReason.CLIENT_GONE);
    assertThat(stream.closeReason().label()).isEqualTo("client");
  }
}
