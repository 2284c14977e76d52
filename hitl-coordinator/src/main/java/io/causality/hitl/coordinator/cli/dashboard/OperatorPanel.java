package io.causality.hitl.coordinator.cli.dashboard;

import static java.util.Objects.requireNonNullElse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.googlecode.lanterna.SGR;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.graphics.TextGraphics;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import io.causality.hitl.coordinator.cli.dashboard.PanelAction.Verdict;
import io.causality.hitl.protocol.wire.OverrideRequestRecord;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The operator panel's screen model: the requests of the last poll, the selection, the confirmation
 * dialog and the status line; keys in, {@link PanelAction}s out, and rendering onto any Lanterna
 * {@link TextGraphics}. It makes no calls of its own, so that it can be driven and read on a
 * virtual terminal.
 */
public final class OperatorPanel {
  private static final DateTimeFormatter CLOCK =
      DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);
  private static final JsonNode MISSING = MissingNode.getInstance();
  private static final String KEYS =
      "Up/Down select  Enter detail  A approve  D deny  R refresh  Q quit";

  private final String url;
  private final String keyId;
  private List<OverrideRequestRecord> requests = List.of();
  private List<OverrideRequestRecord> pending = List.of();
  private int selected;
  private boolean detailShown = true;
  private Optional<PanelAction.Decide> confirmation = Optional.empty();
  private String connection;
  private String notice = "";

  public OperatorPanel(String url, String keyId) {
    this.url = Objects.requireNonNull(url, "url");
    this.keyId = keyId == null ? "(the operator's only one)" : keyId;
    this.connection = "connecting to " + url;
  }

  /** The answer of a poll: every request, newest first. The selection stays on its request. */
  public void update(List<OverrideRequestRecord> all, Instant now) {
    Optional<String> before = selectedId();
    requests = List.copyOf(all);
    pending = all.stream().filter(r -> r.status() == OverrideRequestStatus.PENDING).toList();
    selected = before.map(this::indexOf).orElse(0);
    connection = "updated " + CLOCK.format(now) + ", " + pending.size() + " pending";
  }

  /** A failed poll: the last requests stay on screen under this message. */
  public void unreachable(String message) {
    connection = message;
  }

  /** The outcome of the operator's last action, on the line above the keys. */
  public void notice(String message) {
    notice = message;
  }

  /** The status line's text: the state of the connection to the coordinator. */
  public String statusLine() {
    return connection;
  }

  /** The actor of the selected request, whose history the panel shows beside it. */
  public Optional<String> selectedActor() {
    return selectedRequest().map(OverrideRequestRecord::actorId);
  }

  public Optional<String> selectedId() {
    return selectedRequest().map(OverrideRequestRecord::coordinatorRequestId);
  }

  /** Y and N/Esc only while the dialog is open; the other keys while it is not. */
  public PanelAction handle(KeyStroke key) {
    return confirmation.isPresent() ? confirm(key) : browse(key);
  }

  private PanelAction confirm(KeyStroke key) {
    PanelAction.Decide decision = confirmation.orElseThrow();
    if (isChar(key, 'y')) {
      confirmation = Optional.empty();
      notice = decision.verdict().verb() + " " + decision.requestId() + "...";
      return decision;
    }
    if (isChar(key, 'n') || key.getKeyType() == KeyType.Escape) {
      confirmation = Optional.empty();
      notice = "cancelled: nothing was sent";
    }
    return new PanelAction.None();
  }

  private PanelAction browse(KeyStroke key) {
    switch (key.getKeyType()) {
      case ArrowUp -> selected = Math.max(0, selected - 1);
      case ArrowDown -> selected = Math.max(0, Math.min(pending.size() - 1, selected + 1));
      case Enter -> detailShown = !detailShown;
      case EOF -> {
        return new PanelAction.Quit();
      }
      case Character -> {
        return character(Character.toLowerCase(key.getCharacter()));
      }
      default -> {
        // other keys do nothing here
      }
    }
    return new PanelAction.None();
  }

  private PanelAction character(char c) {
    return switch (c) {
      case 'a' -> ask(Verdict.APPROVE);
      case 'd' -> ask(Verdict.DENY);
      case 'r' -> new PanelAction.Refresh();
      case 'q' -> new PanelAction.Quit();
      default -> new PanelAction.None();
    };
  }

  private PanelAction ask(Verdict verdict) {
    confirmation = selectedId().map(id -> new PanelAction.Decide(verdict, id));
    if (confirmation.isEmpty()) {
      notice = "no pending request selected";
    }
    return new PanelAction.None();
  }

  /** Draws the whole panel for a screen of {@code size}. */
  public void render(TextGraphics g, TerminalSize size, Instant now) {
    int listWidth = Math.max(20, size.getColumns() * 2 / 5);
    ScreenText.put(
        g, 0, 0, "hitl dashboard  " + url + "  key " + keyId, size.getColumns(), SGR.BOLD);
    renderList(g, listWidth, size.getRows() - 4, now);
    ScreenText.Pane detail =
        new ScreenText.Pane(g, listWidth + 2, 2, size.getColumns() - listWidth - 2);
    selectedRequest().ifPresent(request -> renderDetail(detail, request, now));
    ScreenText.put(g, 0, size.getRows() - 3, notice, size.getColumns(), SGR.BOLD);
    ScreenText.put(g, 0, size.getRows() - 2, KEYS, size.getColumns());
    ScreenText.put(g, 0, size.getRows() - 1, statusLine(), size.getColumns(), SGR.REVERSE);
    confirmation.ifPresent(decision -> renderDialog(g, size, decision));
  }

  private void renderList(TextGraphics g, int width, int lastRow, Instant now) {
    ScreenText.put(g, 0, 2, "PENDING (" + pending.size() + ")", width, SGR.BOLD);
    for (int i = 0; i < pending.size() && 3 + i < lastRow; i++) {
      OverrideRequestRecord request = pending.get(i);
      String line =
          String.format(
              "%s%s %s  %s  %d/%d",
              i == selected ? "> " : "  ",
              shortId(request),
              orDash(request.actorId()),
              timeLeft(request, now),
              request.approvals(),
              request.requiredApprovals());
      if (i == selected) {
        ScreenText.put(g, 0, 3 + i, line, width, SGR.REVERSE);
      } else {
        ScreenText.put(g, 0, 3 + i, line, width);
      }
    }
  }

  private void renderDetail(ScreenText.Pane pane, OverrideRequestRecord request, Instant now) {
    if (detailShown) {
      JsonNode response = requireNonNullElse(request.evaluationResponse(), MISSING);
      JsonNode escalation = response.path("escalation");
      JsonNode summary = requireNonNullElse(request.sentinelSummary(), MISSING);
      pane.line("Request " + request.coordinatorRequestId());
      pane.line(
          "Requester: " + (request.requester() == null ? "-" : request.requester().describe()));
      pane.line("Evaluation: " + text(response, "decision") + " / " + text(response, "reasonCode"));
      pane.line("Risk level: " + text(summary, "riskLevel"));
      pane.line("Sentinel: " + text(summary, "narrative"));
      pane.line("Gamma headroom: " + text(escalation, "gammaHeadroom"));
      pane.line("Steps to breach: " + text(escalation, "stepsToBreach"));
      pane.line("Time left: " + timeLeft(request, now));
      pane.line("Approvals: " + request.approvals() + " of " + request.requiredApprovals());
      pane.line("");
    }
    pane.line("Other requests of " + orDash(request.actorId()) + ":");
    othersOfActor(request)
        .forEach(
            other ->
                pane.line(
                    String.format(
                        "  %s %s %s",
                        shortId(other), other.status(), orDash(other.submittedAt()))));
  }

  private List<OverrideRequestRecord> othersOfActor(OverrideRequestRecord request) {
    String actor = request.actorId();
    String id = request.coordinatorRequestId();
    List<OverrideRequestRecord> others = new ArrayList<>();
    requests.stream()
        .filter(r -> actor != null && actor.equals(r.actorId()))
        .filter(r -> !id.equals(r.coordinatorRequestId()))
        .forEach(others::add);
    return others;
  }

  private static void renderDialog(TextGraphics g, TerminalSize size, PanelAction.Decide d) {
    String question = " " + capitalized(d.verdict().verb()) + " request " + d.requestId() + "? ";
    String answer = " Y confirm   N or Esc cancel ";
    int width = Math.min(size.getColumns(), Math.max(question.length(), answer.length()) + 2);
    int left = Math.max(0, (size.getColumns() - width) / 2);
    int top = Math.max(0, size.getRows() / 2 - 2);
    String border = "+" + "-".repeat(Math.max(0, width - 2)) + "+";
    ScreenText.put(g, left, top, border, width, SGR.BOLD);
    ScreenText.put(
        g, left, top + 1, ScreenText.padded("|" + question, width - 1) + "|", width, SGR.BOLD);
    ScreenText.put(
        g, left, top + 2, ScreenText.padded("|" + answer, width - 1) + "|", width, SGR.BOLD);
    ScreenText.put(g, left, top + 3, border, width, SGR.BOLD);
  }

  private Optional<OverrideRequestRecord> selectedRequest() {
    return selected < pending.size() ? Optional.of(pending.get(selected)) : Optional.empty();
  }

  private int indexOf(String id) {
    for (int i = 0; i < pending.size(); i++) {
      if (id.equals(pending.get(i).coordinatorRequestId())) {
        return i;
      }
    }
    return Math.max(0, Math.min(selected, pending.size() - 1));
  }

  static String timeLeft(OverrideRequestRecord request, Instant now) {
    Instant expires = request.requestExpiresAt();
    if (expires == null) {
      return "-";
    }
    Duration left = Duration.between(now, expires);
    return left.isNegative()
        ? "expired"
        : String.format("%dm%02ds", left.toMinutes(), left.toSecondsPart());
  }

  private static String shortId(OverrideRequestRecord request) {
    String id = request.coordinatorRequestId();
    return id.length() > 8 ? id.substring(0, 8) : id;
  }

  private static String orDash(Object value) {
    return value == null ? "-" : value.toString();
  }

  private static String text(JsonNode parent, String field) {
    JsonNode value = parent.path(field);
    return value.isMissingNode() || value.isNull() ? "-" : value.asText();
  }

  private static String capitalized(String word) {
    return Character.toUpperCase(word.charAt(0)) + word.substring(1);
  }

  private static boolean isChar(KeyStroke key, char c) {
    return key.getKeyType() == KeyType.Character && Character.toLowerCase(key.getCharacter()) == c;
  }
}
