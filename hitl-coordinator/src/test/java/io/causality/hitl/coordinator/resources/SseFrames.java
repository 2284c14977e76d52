package io.causality.hitl.coordinator.resources;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** The frames of an open stream, read on a thread of their own, each awaited with a timeout. */
final class SseFrames implements AutoCloseable {
  private final Stream<String> lines;
  private final BlockingQueue<Map<String, String>> frames = new LinkedBlockingQueue<>();

  SseFrames(Stream<String> lines) {
    this.lines = lines;
    Thread reader = new Thread(this::read, "sse-test-reader");
    reader.setDaemon(true);
    reader.start();
  }

  private void read() {
    Map<String, String> frame = new HashMap<>();
    try {
      for (String line : (Iterable<String>) lines::iterator) {
        if (line.isEmpty()) {
          frames.add(frame);
          frame = new HashMap<>();
        } else if (line.startsWith(":")) {
          frame.put("comment", line.substring(1).strip());
        } else {
          int colon = line.indexOf(':');
          frame.merge(line.substring(0, colon), line.substring(colon + 1).strip(), String::concat);
        }
      }
    } catch (RuntimeException e) {
      // the stream was closed by the test
    }
  }

  Map<String, String> next() throws InterruptedException {
    Map<String, String> frame = frames.poll(20, TimeUnit.SECONDS);
    assertThat(frame).as("a frame within 20 seconds").isNotNull();
    return frame;
  }

  /** The next frame that is an event, past comments. */
  Map<String, String> nextEvent() throws InterruptedException {
    Map<String, String> frame = next();
    while (!frame.containsKey("event")) {
      frame = next();
    }
    return frame;
  }

  @Override
  public void close() {
    lines.close();
  }
}
