package io.causality.common.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * One cycle of a crash test: concurrent writers against a running service, killed (SIGKILL) once
 * they have had a given number of writes acknowledged, so that the kill lands in the middle of a
 * stream of writes.
 */
public final class KillDuringWrites {
  private static final Duration ACK_LIMIT = Duration.ofSeconds(60);
  private static final Duration WRITER_LIMIT = Duration.ofSeconds(40);

  /** One writer's loop: writes until {@code stop}, counting each 2xx in {@code acknowledged}. */
  @FunctionalInterface
  public interface Writer {
    void write(Random random, AtomicInteger acknowledged, AtomicBoolean stop);
  }

  private KillDuringWrites() {}

  /**
   * Starts {@code writers} threads, each with its own {@code Random} seeded from {@code seed},
   * waits for {@code acknowledgements} acknowledged writes, kills the service, and waits for the
   * writers to notice.
   *
   * @param log the service's output, for the failure message when too few writes succeed
   */
  public static void cycle(
      int writers,
      long seed,
      int acknowledgements,
      Writer writer,
      Runnable kill,
      Supplier<String> log)
      throws InterruptedException {
    AtomicInteger acknowledged = new AtomicInteger();
    AtomicBoolean stop = new AtomicBoolean();
    List<Thread> threads = new ArrayList<>();
    for (int w = 0; w < writers; w++) {
      Random random = new Random(seed + w);
      Thread thread = new Thread(() -> writer.write(random, acknowledged, stop), "writer-" + w);
      thread.start();
      threads.add(thread);
    }
    Await.holds(ACK_LIMIT, () -> acknowledged.get() >= acknowledgements);
    assertThat(acknowledged.get())
        .as("writes acknowledged before the kill: " + log.get())
        .isGreaterThanOrEqualTo(acknowledgements);
    kill.run();
    stop.set(true);
    for (Thread thread : threads) {
      thread.join(WRITER_LIMIT.toMillis());
    }
  }
}
