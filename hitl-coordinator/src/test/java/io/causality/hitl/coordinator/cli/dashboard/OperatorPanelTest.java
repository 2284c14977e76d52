package io.causality.hitl.coordinator.cli.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.graphics.BasicTextImage;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import io.causality.hitl.coordinator.cli.dashboard.PanelAction.Verdict;
import io.causality.hitl.protocol.wire.OverrideRequestRecord;
import io.causality.hitl.protocol.wire.ProtocolJson;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The screen model alone: keys in, actions and text out, on an in-memory text image. */
class OperatorPanelTest {
  private static final ObjectMapper JSON = ProtocolJson.newMapper();
  private static final Instant NOW = Instant.parse("2026-01-31T12:00:00Z");
  private static final TerminalSize SIZE = new TerminalSize(100, 24);

  private final OperatorPanel panel = new OperatorPanel("http://127.0.0.1:8090", "ops-1");

  private static OverrideRequestRecord request(
      String id, String actor, String status, String expiresAt) {
    ObjectNode request =
        JSON.createObjectNode()
            .put("coordinatorRequestId", id)
            .put("actorId", actor)
            .put("status", status)
            .put("requestExpiresAt", expiresAt)
            .put("submittedAt", "2026-01-31T11:00:00Z");
    request
        .putObject("evaluationResponse")
        .put("decision", "REJECT_ACTION")
        .put("reasonCode", "GAMMA_BELOW_FLOOR");
    try {
      return JSON.treeToValue(request, OverrideRequestRecord.class);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(e);
    }
  }

  private String render() {
    BasicTextImage image = new BasicTextImage(SIZE);
    panel.render(image.newTextGraphics(), SIZE, NOW);
    StringBuilder text = new StringBuilder();
    for (int row = 0; row < SIZE.getRows(); row++) {
      StringBuilder line = new StringBuilder();
      for (int column = 0; column < SIZE.getColumns(); column++) {
        line.append(image.getCharacterAt(column, row).getCharacterString());
      }
      text.append(line.toString().stripTrailing()).append('\n');
    }
    return text.toString();
  }

  private static KeyStroke key(char c) {
    return new KeyStroke(c, false, false);
  }

  @Test
  void theSelectionStaysOnItsRequestWhenANewOneArrives() {
    OverrideRequestRecord first =
        request("aaaaaaaa-1", "actor-1", "PENDING", "2026-01-31T12:10:00Z");
    OverrideRequestRecord second =
        request("bbbbbbbb-2", "actor-2", "PENDING", "2026-01-31T12:20:00Z");
    panel.update(List.of(first, second), NOW);
    panel.handle(new KeyStroke(KeyType.ArrowDown));

    panel.update(
        List.of(request("cccccccc-3", "actor-3", "PENDING", "2026-01-31T12:30:00Z"), first, second),
        NOW);

    assertThat(panel.selectedId()).contains("bbbbbbbb-2");
    assertThat(render())
        .contains(
            "> bbbbbbbb actor-2  20m00s",
            "Request bbbbbbbb-2",
            "Evaluation: REJECT_ACTION / GAMMA_BELOW_FLOOR",
            "Risk level: -",
            "PENDING (3)");
  }

  @Test
  void controlCharactersInCallerTextAreShownEscapedAndTheScreenStillDraws() {
    // Stored by a coordinator of an older version, before ids had to be printable.
    panel.update(
        List.of(request("aaaaaaaa-1", "a\u001b[2Jb", "PENDING", "2026-01-31T12:10:00Z")), NOW);

    String screen = render();

    assertThat(screen).contains("> aaaaaaaa a\\u001b[2Jb", "Other requests of a\\u001b[2Jb:");
    assertThat(screen).doesNotContain("\u001b");
  }

  @Test
  void theDetailNamesWhoAskedForTheRequestOrADashWithoutOne() throws Exception {
    ObjectNode asked =
        JSON.valueToTree(request("aaaaaaaa-1", "actor-1", "PENDING", "2026-01-31T12:10:00Z"));
    asked
        .putObject("requester")
        .put("organizationId", "org-7")
        .put("kind", "API_KEY")
        .put("id", "key-42");
    panel.update(List.of(JSON.treeToValue(asked, OverrideRequestRecord.class)), NOW);

    assertThat(render()).contains("Requester: API_KEY key-42 of organization org-7");

    panel.update(List.of(request("aaaaaaaa-1", "actor-1", "PENDING", "2026-01-31T12:10:00Z")), NOW);

    assertThat(render()).contains("Requester: -");
  }

  @Test
  void onlyPendingRequestsAreListedAndTheActorsOthersAreShown() {
    panel.update(
        List.of(
            request("aaaaaaaa-1", "actor-1", "PENDING", "2026-01-31T11:59:00Z"),
            request("dddddddd-4", "actor-1", "DENIED", "2026-01-31T12:00:00Z")),
        NOW);

    String screen = render();

    assertThat(screen)
        .contains(
            "PENDING (1)",
            "> aaaaaaaa actor-1  expired",
            "Other requests of actor-1:",
            "dddddddd DENIED 2026-01-31T11:00:00Z")
        .doesNotContain("> dddddddd");
  }

  @Test
  void aDecisionComesOnlyFromYInsideTheDialog() {
    panel.update(List.of(request("aaaaaaaa-1", "actor-1", "PENDING", "2026-01-31T12:10:00Z")), NOW);

    assertThat(panel.handle(key('y'))).isInstanceOf(PanelAction.None.class);
    assertThat(panel.handle(key('A'))).isInstanceOf(PanelAction.None.class);
    assertThat(render()).contains("Approve request aaaaaaaa-1?", "Y confirm   N or Esc cancel");
    assertThat(panel.handle(key('r')))
        .as("other keys wait for an answer")
        .isInstanceOf(PanelAction.None.class);
    assertThat(panel.handle(new KeyStroke(KeyType.Escape))).isInstanceOf(PanelAction.None.class);
    assertThat(render()).doesNotContain("Approve request").contains("cancelled");

    panel.handle(key('d'));
    assertThat(panel.handle(key('y')))
        .isEqualTo(new PanelAction.Decide(Verdict.DENY, "aaaaaaaa-1"));
    assertThat(render()).doesNotContain("Deny request");
  }

  @Test
  void withNothingPendingThereIsNothingToDecide() {
    panel.update(List.of(), NOW);

    assertThat(panel.handle(key('a'))).isInstanceOf(PanelAction.None.class);
    assertThat(panel.handle(key('y'))).isInstanceOf(PanelAction.None.class);
    assertThat(render()).contains("no pending request selected").doesNotContain("Approve");
    assertThat(panel.handle(key('r'))).isInstanceOf(PanelAction.Refresh.class);
    assertThat(panel.handle(key('q'))).isInstanceOf(PanelAction.Quit.class);
  }
}
