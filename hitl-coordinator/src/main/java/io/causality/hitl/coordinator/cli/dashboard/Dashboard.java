package io.causality.hitl.coordinator.cli.dashboard;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.screen.Screen;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.DefaultTerminalFactory;
import io.causality.hitl.protocol.client.CoordinatorClient;
import io.causality.hitl.protocol.client.CoordinatorResult;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
import io.causality.hitl.protocol.wire.OverrideApproval;
import io.causality.hitl.protocol.wire.OverrideRequestQuery;
import io.causality.hitl.protocol.wire.OverrideRequestRecord;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Drives an {@link OperatorPanel} on a Lanterna {@link Screen}: polls the coordinator every {@code
 * pollInterval}, passes keys to the panel, makes the decisions it confirms, and redraws on every
 * change, every second (the time left ticks) and on resize. Runs on the calling thread until Q or
 * the end of input.
 */
public final class Dashboard {
  /** The spec's polling period. */
  public static final Duration POLL_INTERVAL = Duration.ofSeconds(3);

  /** The bound on each call the dashboard makes; polls run on the thread that reads keys. */
  public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(2);

  /** How many of the selected actor's latest requests the history pane asks for. */
  private static final int HISTORY_SIZE = 20;

  private static final Duration REDRAW_INTERVAL = Duration.ofSeconds(1);
  private static final long IDLE_MILLIS = 25;

  private final Screen screen;
  private final CoordinatorClient client;
  private final String keyId;
  private final Clock clock;
  private final Duration pollInterval;
  private final OperatorPanel panel;

  public Dashboard(
      Screen screen, CoordinatorClient client, String keyId, Clock clock, Duration pollInterval) {
    this.screen = Objects.requireNonNull(screen, "screen");
    this.client = Objects.requireNonNull(client, "client");
    // null: the coordinator takes the authenticated operator's only key
    this.keyId = keyId;
    this.clock = Objects.requireNonNull(clock, "clock");
    this.pollInterval = Objects.requireNonNull(pollInterval, "pollInterval");
    this.panel = new OperatorPanel(client.baseUrl(), keyId);
  }

  /** The dashboard on the terminal the process runs in, until the operator quits. */
  public static void runOnSystemTerminal(CoordinatorClient client, String keyId)
      throws IOException {
    try (Screen screen = new TerminalScreen(new DefaultTerminalFactory().createTerminal())) {
      screen.startScreen();
      screen.setCursorPosition(null);
      new Dashboard(screen, client, keyId, Clock.systemUTC(), POLL_INTERVAL).run();
    }
  }

  /** The loop: returns when the operator presses Q or the input ends. */
  public void run() throws IOException {
    Instant nextPoll = clock.instant();
    Instant nextRedraw = nextPoll;
    while (!Thread.currentThread().isInterrupted()) {
      Instant now = clock.instant();
      if (!now.isBefore(nextPoll)) {
        poll();
        nextPoll = clock.instant().plus(pollInterval);
      }
      KeyStroke key = screen.pollInput();
      if (key != null) {
        PanelAction action = panel.handle(key);
        if (action instanceof PanelAction.Quit) {
          return;
        }
        nextPoll = perform(action) ? clock.instant().plus(pollInterval) : nextPoll;
        draw();
      } else if (screen.doResizeIfNecessary() != null || !now.isBefore(nextRedraw)) {
        draw();
        nextRedraw = now.plus(REDRAW_INTERVAL);
      } else {
        idle();
      }
    }
  }

  /** Makes the call the action asks for; true when it polled. */
  private boolean perform(PanelAction action) {
    if (action instanceof PanelAction.Decide decide) {
      decide(decide);
      poll();
      return true;
    }
    if (action instanceof PanelAction.Refresh) {
      poll();
      return true;
    }
    return false;
  }

  /**
   * What the panel shows: every pending request (page after page), and the latest requests of the
   * selected actor (one page, any status) for its history; never the whole list, which grows
   * without bound.
   */
  private void poll() {
    CoordinatorResult<List<OverrideRequestRecord>> pending =
        client.listAll(OverrideRequestQuery.first(Optional.of(OverrideRequestStatus.PENDING)));
    if (pending instanceof CoordinatorResult.Success<List<OverrideRequestRecord>> success) {
      List<OverrideRequestRecord> shown = new ArrayList<>(success.value());
      actorOf(success.value()).ifPresent(actor -> shown.addAll(historyOf(actor)));
      panel.update(shown, clock.instant());
    } else {
      panel.unreachable(
          pending.failure().orElseThrow() + "; retrying every " + pollInterval.toSeconds() + " s");
    }
    draw();
  }

  /** The selected request's actor, or that of the first pending request (selected next). */
  private Optional<String> actorOf(List<OverrideRequestRecord> pending) {
    return panel
        .selectedActor()
        .or(
            () ->
                pending.stream()
                    .map(OverrideRequestRecord::actorId)
                    .filter(Objects::nonNull)
                    .findFirst());
  }

  /** The actor's latest decided requests; the pending ones are listed already. */
  private List<OverrideRequestRecord> historyOf(String actor) {
    OverrideRequestQuery latest =
        new OverrideRequestQuery(Optional.empty(), Optional.of(actor), HISTORY_SIZE, 0);
    return client.list(latest).body().stream()
        .flatMap(page -> page.data().stream())
        .filter(request -> request.status() != OverrideRequestStatus.PENDING)
        .toList();
  }

  private void decide(PanelAction.Decide decide) {
    String id = decide.requestId();
    CoordinatorResult<?> answer =
        switch (decide.verdict()) {
          case APPROVE -> client.approval(id, new ApproveOverrideRequest(keyId, null, null));
          case DENY -> client.deny(id, new DenyOverrideRequest(keyId, null));
        };
    Optional<String> failure = answer.failure();
    if (failure.isPresent()) {
      panel.notice(decide.verdict().verb() + " " + id + " failed: " + failure.get());
      return;
    }
    // An approval answers the token, or the request while the quorum is not complete.
    Optional<OverrideApproval> approval =
        answer.body().filter(OverrideApproval.class::isInstance).map(OverrideApproval.class::cast);
    if (approval.flatMap(OverrideApproval::awaiting).isPresent()) {
      OverrideRequestRecord pending = approval.get().pending();
      panel.notice(
          "approval of "
              + id
              + " recorded: "
              + pending.approvals()
              + " of "
              + pending.requiredApprovals()
              + " approvals");
    } else {
      String token =
          approval.flatMap(OverrideApproval::issued).map(t -> ": token " + t.tokenId()).orElse("");
      panel.notice(decide.verdict().done() + " " + id + token);
    }
  }

  private void draw() {
    try {
      screen.clear();
      panel.render(screen.newTextGraphics(), screen.getTerminalSize(), clock.instant());
      screen.refresh();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void idle() {
    try {
      Thread.sleep(IDLE_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
