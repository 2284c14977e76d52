package io.causality.sim.events;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.core.experiments.ExperimentReader;
import io.causality.sim.db.ExperimentEventRow;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client's stream of an experiment's events: frames {@code event}, {@code id: <seq>}, {@code
 * data}, read from storage after the cursor (the last event the client has), a heartbeat carrying
 * the cursor when nothing happened for a heartbeat interval, and {@code error} {@code SHUTDOWN}
 * when the server stops.
 */
final class ExperimentStream implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(ExperimentStream.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int PAGE = 200;

  private final UUID experimentId;
  private final StreamClient client;
  private final ExperimentReader reader;
  private final long heartbeatNanos;
  private final Duration poll;
  private final Consumer<ExperimentStream> onClose;
  private final CountDownLatch stopping = new CountDownLatch(1);
  private long cursor;

  ExperimentStream(
      UUID experimentId,
      long cursor,
      StreamClient client,
      ExperimentReader reader,
      Duration heartbeat,
      Duration poll,
      Consumer<ExperimentStream> onClose) {
    this.experimentId = experimentId;
    this.cursor = cursor;
    this.client = client;
    this.reader = reader;
    this.heartbeatNanos = heartbeat.toNanos();
    this.poll = poll;
    this.onClose = onClose;
  }

  void shutdown() {
    stopping.countDown();
  }

  @Override
  public void run() {
    try {
      client.comment("events of experiment " + experimentId);
      long quietSince = System.nanoTime();
      while (stopping.getCount() > 0) {
        List<ExperimentEventRow> events = reader.eventsAfter(experimentId, cursor, PAGE);
        if (!events.isEmpty()) {
          send(events);
          quietSince = System.nanoTime();
          continue;
        }
        if (System.nanoTime() - quietSince >= heartbeatNanos) {
          client.send(List.of(frame("heartbeat", "")));
          quietSince = System.nanoTime();
        }
        stopping.await(poll.toNanos(), TimeUnit.NANOSECONDS);
      }
      client.send(List.of(frame("error", error("SHUTDOWN", "The server is stopping"))));
    } catch (IOException e) {
      LOG.debug("A client of experiment {} went away", experimentId);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      LOG.error("The stream of experiment {} failed", experimentId, e);
      try {
        client.send(List.of(frame("error", error("INTERNAL", "The stream failed; reconnect"))));
      } catch (IOException gone) {
        LOG.debug("A client of experiment {} went away", experimentId);
      }
    } finally {
      client.close();
      onClose.accept(this);
    }
  }

  private void send(List<ExperimentEventRow> events) throws IOException {
    List<Frame> frames = new ArrayList<>(events.size());
    for (ExperimentEventRow event : events) {
      cursor = event.seq();
      frames.add(frame(event.name(), event.data()));
    }
    client.send(frames);
  }

  /** A frame with the cursor as its id: an event's own seq, or the last one sent. */
  private Frame frame(String name, String data) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(data.length() + 48);
    line(out, "event: " + name);
    line(out, "id: " + cursor);
    line(out, data.isEmpty() ? "data:" : "data: " + data);
    out.write('\n');
    return new Frame(null, out.toByteArray());
  }

  private static void line(ByteArrayOutputStream out, String line) {
    out.writeBytes(line.getBytes(StandardCharsets.UTF_8));
    out.write('\n');
  }

  private static String error(String code, String message) {
    return JSON.createObjectNode().put("code", code).put("message", message).toString();
  }
}
