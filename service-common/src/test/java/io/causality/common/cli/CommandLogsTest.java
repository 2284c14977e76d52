package io.causality.common.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.AppenderBase;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class CommandLogsTest {

  /**
   * The case that lost {@code check}'s verdict: the asynchronous appender's queue is already empty
   * because its worker has taken the last line, but the worker has not written it yet. Draining
   * must not return before it has.
   */
  @Test
  void theLineTheWorkerHoldsIsWrittenBeforeDrainReturns() throws Exception {
    LoggerContext context = new LoggerContext();
    context.setMDCAdapter(new LogbackMDCAdapter());
    context.start();
    HeldConsole console = new HeldConsole();
    console.setContext(context);
    console.start();
    AsyncAppender async = new AsyncAppender();
    async.setContext(context);
    async.addAppender(console);
    async.start();
    context.getLogger(Logger.ROOT_LOGGER_NAME).addAppender(async);

    context.getLogger("check").info("Configuration is OK");
    assertThat(console.taken.await(10, TimeUnit.SECONDS)).as("the worker took the line").isTrue();
    assertThat(async.getNumberOfElementsInQueue()).isZero();

    AtomicReference<List<String>> writtenWhenDrainReturned = new AtomicReference<>();
    Thread drain =
        new Thread(
            () -> {
              CommandLogs.drain(context);
              writtenWhenDrainReturned.set(List.copyOf(console.written));
            });
    drain.start();
    // The worker writes only once drain has either returned or is waiting for it.
    while (drain.getState() == Thread.State.NEW || drain.getState() == Thread.State.RUNNABLE) {
      Thread.onSpinWait();
    }
    console.release.countDown();
    drain.join();

    assertThat(writtenWhenDrainReturned.get()).containsExactly("Configuration is OK");
  }

  /** A console whose write of a line waits until the test lets it finish, as a slow terminal. */
  private static final class HeldConsole extends AppenderBase<ILoggingEvent> {
    final CountDownLatch taken = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    final List<String> written = new CopyOnWriteArrayList<>();

    @Override
    protected void append(ILoggingEvent event) {
      taken.countDown();
      boolean interrupted = false;
      // a write to a terminal does not stop when its thread is interrupted
      while (true) {
        try {
          release.await();
          break;
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      written.add(event.getFormattedMessage());
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
