package io.causality.hitl.coordinator.cli.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.Terminal;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import com.googlecode.lanterna.terminal.virtual.VirtualTerminalListener;
import io.causality.hitl.protocol.client.CoordinatorClient;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * A {@link Dashboard} running on its own thread on Lanterna's virtual terminal: keys in, screen
 * text out. Waits look at the screen after each frame, until a deadline, rather than sleeping.
 */
final class VirtualDashboard implements AutoCloseable {
  private static final Duration DEADLINE = Duration.ofSeconds(20);

  private final DefaultVirtualTerminal terminal;
  private final TerminalScreen screen;
  private final Thread loop;
  private final AtomicReference<Throwable> failure = new AtomicReference<>();
  private final AtomicLong flushes = new AtomicLong();

  VirtualDashboard(CoordinatorClient client, String keyId) throws IOException {
    terminal = new DefaultVirtualTerminal(new TerminalSize(120, 30));
    terminal.addVirtualTerminalListener(new FlushCounter());
    screen = new TerminalScreen(terminal);
    screen.startScreen();
    Dashboard dashboard =
        new Dashboard(screen, client, keyId, Clock.systemUTC(), Dashboard.POLL_INTERVAL);
    loop = new Thread(() -> run(dashboard), "virtual-dashboard");
    loop.start();
  }

  private void run(Dashboard dashboard) {
    try {
      dashboard.run();
    } catch (Throwable t) {
      failure.set(t);
    }
  }

  void press(char c) {
    terminal.addInput(new KeyStroke(c, false, false));
  }

  void press(KeyType type) {
    terminal.addInput(new KeyStroke(type));
  }

  void resize(int columns, int rows) {
    terminal.setTerminalSize(new TerminalSize(columns, rows));
  }

  /**
   * The last frame the dashboard refreshed, one line per row, trailing blanks removed. Read under
   * the screen's lock, which its refresh holds, so that a frame is never read half written.
   */
  String text() {
    synchronized (screen) {
      TerminalSize size = screen.getTerminalSize();
      StringBuilder text = new StringBuilder();
      for (int row = 0; row < size.getRows(); row++) {
        text.append(row(size, row)).append('\n');
      }
      return text.toString();
    }
  }

  private String row(TerminalSize size, int row) {
    StringBuilder line = new StringBuilder();
    for (int column = 0; column < size.getColumns(); column++) {
      line.append(screen.getFrontCharacter(column, row).getCharacterString());
    }
    return line.toString().stripTrailing();
  }

  /** The last row: the status line. */
  String statusLine() {
    String[] rows = text().split("\n", -1);
    return rows[rows.length - 2];
  }

  /**
   * Waits until the screen satisfies {@code condition}, looking again after each frame the
   * dashboard flushes (it redraws at least every second); fails with the screen if it never does.
   */
  String await(String description, Predicate<String> condition) {
    Instant deadline = Instant.now().plus(DEADLINE);
    while (true) {
      long seen = flushes.get();
      assertRunning();
      String text = text();
      if (condition.test(text)) {
        return text;
      }
      if (!awaitFlushAfter(seen, deadline)) {
        break;
      }
    }
    return fail("screen never showed " + description + ":\n" + text());
  }

  String awaitText(String expected) {
    return await("'" + expected + "'", text -> text.contains(expected));
  }

  String awaitNoText(String gone) {
    return await("no '" + gone + "'", text -> !text.contains(gone));
  }

  void assertRunning() {
    Optional.ofNullable(failure.get()).ifPresent(t -> fail("dashboard failed", t));
    assertThat(loop.isAlive()).as("dashboard loop alive").isTrue();
  }

  /** Q, and the loop must end without a failure. */
  @Override
  public void close() throws InterruptedException {
    press('q');
    loop.join(DEADLINE.toMillis());
    assertThat(loop.isAlive()).as("dashboard loop still running after Q").isFalse();
    assertThat(failure.get()).isNull();
  }

  /** Waits for a frame after the {@code seen}th; false when the deadline passed first. */
  private boolean awaitFlushAfter(long seen, Instant deadline) {
    synchronized (flushes) {
      long left = Duration.between(Instant.now(), deadline).toMillis();
      while (flushes.get() == seen && left > 0) {
        try {
          flushes.wait(left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
        left = Duration.between(Instant.now(), deadline).toMillis();
      }
      return flushes.get() != seen;
    }
  }

  /** Counts the frames the terminal receives and wakes the waits. */
  private final class FlushCounter implements VirtualTerminalListener {
    @Override
    public void onFlush() {
      synchronized (flushes) {
        flushes.incrementAndGet();
        flushes.notifyAll();
      }
    }

    @Override
    public void onBell() {}

    @Override
    public void onClose() {}

    @Override
    public void onResized(Terminal terminal, TerminalSize size) {}
  }
}
