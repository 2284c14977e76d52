package io.causality.common.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class PeriodicTaskTest {
  private static final Duration NOW = Duration.ZERO;
  private static final Duration OFTEN = Duration.ofMillis(1);

  @Test
  void itRunsOnADaemonThreadOfItsOwnUntilStopped() throws Exception {
    CountDownLatch threeRuns = new CountDownLatch(3);
    AtomicReference<Thread> ranOn = new AtomicReference<>();
    AtomicInteger runs = new AtomicInteger();
    PeriodicTask task =
        new PeriodicTask(
            "test-task",
            PeriodicTaskTest.class,
            NOW,
            OFTEN,
            () -> {
              ranOn.set(Thread.currentThread());
              runs.incrementAndGet();
              threeRuns.countDown();
            });

    task.start();
    assertThat(threeRuns.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(task.isStopping()).isFalse();
    task.stop();
    assertThat(task.isStopping()).isTrue();
    int runsWhenStopped = runs.get();
    ranOn.get().join(10_000);

    assertThat(ranOn.get().getName()).isEqualTo("test-task");
    assertThat(ranOn.get().isDaemon()).isTrue();
    assertThat(ranOn.get().isAlive()).isFalse();
    assertThat(runs.get()).isEqualTo(runsWhenStopped);
  }

  @Test
  void stopLetsARunUnderWayFinishWithoutInterruptingIt() throws Exception {
    CountDownLatch running = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicBoolean interrupted = new AtomicBoolean();
    AtomicBoolean finished = new AtomicBoolean();
    PeriodicTask task =
        new PeriodicTask(
            "slow-task",
            PeriodicTaskTest.class,
            NOW,
            Duration.ofHours(1),
            () -> {
              running.countDown();
              try {
                release.await();
              } catch (InterruptedException e) {
                interrupted.set(true);
              }
              finished.set(true);
            });
    task.start();
    assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();

    Thread stopping = new Thread(stopQuietly(task));
    stopping.start();
    // stop() waits for the run under way: release it only then
    while (stopping.getState() != Thread.State.TIMED_WAITING && stopping.isAlive()) {
      Thread.onSpinWait();
    }
    release.countDown();
    stopping.join(10_000);

    assertThat(stopping.isAlive()).isFalse();
    assertThat(finished).isTrue();
    assertThat(interrupted).isFalse();
  }

  @Test
  void aFailingRunIsLoggedOncePerRunOfFailuresWithoutItsStackAndTheNextRunTriesAgain() {
    boolean[] down = {true};
    AtomicInteger attempts = new AtomicInteger();
    PeriodicTask task =
        new PeriodicTask(
            "flaky-task",
            PeriodicTaskTest.class,
            NOW,
            Duration.ofMillis(200),
            () -> {
              attempts.incrementAndGet();
              if (down[0]) {
                throw new SQLException("pool closed");
              }
            });
    List<ILoggingEvent> log =
        logged(
            () -> {
              task.runOnce();
              task.runOnce();
              down[0] = false;
              task.runOnce();
              task.runOnce();
              down[0] = true;
              task.runOnce();
            });

    assertThat(attempts).hasValue(5);
    assertThat(log)
        .extracting(ILoggingEvent::getLevel, ILoggingEvent::getFormattedMessage)
        .containsExactly(
            tuple(
                Level.WARN,
                "flaky-task failed, retrying every 200 ms: java.sql.SQLException: pool closed"),
            tuple(Level.INFO, "flaky-task runs again"),
            tuple(
                Level.WARN,
                "flaky-task failed, retrying every 200 ms: java.sql.SQLException: pool closed"));
    assertThat(log).allSatisfy(event -> assertThat(event.getThrowableProxy()).isNull());
  }

  @Test
  void aFailuresLogLineNamesTheCausesItWraps() {
    PeriodicTask task =
        new PeriodicTask(
            "wrapping-task",
            PeriodicTaskTest.class,
            NOW,
            Duration.ofMillis(200),
            () -> {
              throw new IllegalStateException(
                  "housekeeping failed", new SQLException("the file is locked"));
            });
    List<ILoggingEvent> log = logged(task::runOnce);

    assertThat(log)
        .extracting(ILoggingEvent::getFormattedMessage)
        .containsExactly(
            "wrapping-task failed, retrying every 200 ms: java.lang.IllegalStateException:"
                + " housekeeping failed; caused by java.sql.SQLException: the file is locked");
    assertThat(log.get(0).getThrowableProxy()).isNull();
  }

  @Test
  void stoppingATaskThatNeverStartedDoesNothing() throws Exception {
    AtomicInteger runs = new AtomicInteger();
    PeriodicTask task =
        new PeriodicTask("idle-task", PeriodicTaskTest.class, NOW, OFTEN, runs::incrementAndGet);

    task.stop();

    assertThat(runs).hasValue(0);
  }

  private Runnable stopQuietly(PeriodicTask task) {
    return () -> {
      try {
        task.stop();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
  }

  /** What this test class's logger logged while {@code action} ran. */
  private static List<ILoggingEvent> logged(Runnable action) {
    Logger logger = (Logger) LoggerFactory.getLogger(PeriodicTaskTest.class);
    ListAppender<ILoggingEvent> appender = new ListAppender<>();
    appender.start();
    logger.addAppender(appender);
    try {
      action.run();
    } finally {
      logger.detachAppender(appender);
    }
    return appender.list;
  }
}
