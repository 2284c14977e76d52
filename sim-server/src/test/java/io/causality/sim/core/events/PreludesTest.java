package io.causality.sim.core.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.db.InputRow;
import io.causality.sim.db.StatusChangeRow;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The events between ticks: inputs and status changes in the order they happened. */
class PreludesTest {
  private static final UUID SIMULATION = UUID.randomUUID();
  private static final Instant NOW = Instant.parse("2026-01-02T03:04:05.000006Z");

  private static InputRow decree(int seq, long tick) {
    return new InputRow(
        SIMULATION,
        seq,
        UUID.randomUUID(),
        tick,
        "decree",
        "shock",
        "{\"tick\":"
            + tick
            + ",\"kind\":\"decree\",\"type\":\"shock\",\"payload\":"
            + "{\"magnitude\":"
            + seq
            + "}}",
        NOW);
  }

  private static StatusChangeRow change(int seq, long tick, int inputCount, String status) {
    return new StatusChangeRow(
        SIMULATION, seq, tick, inputCount, status, "paused", "play", 1.0, NOW);
  }

  private static List<String> names(Preludes preludes, long tick) {
    return IntStream.rangeClosed(1, preludes.count(tick))
        .mapToObj(index -> preludes.event(tick, index))
        .map(
            event ->
                event.id().wire()
                    + " "
                    + event.name()
                    + " "
                    + (event.name().equals("decree")
                        ? event.data().replaceAll(".*\"magnitude\":(\\d+).*", "m$1")
                        : event.data().replaceAll(".*\"status\":\"(\\w+)\".*", "$1")))
        .toList();
  }

  @Test
  void aStatusChangeComesAfterTheInputsSubmittedBeforeIt() {
    Preludes preludes =
        Preludes.of(
            List.of(decree(0, 3), decree(1, 5), decree(2, 5), decree(3, 5)),
            List.of(
                change(0, 0, 0, "running"),
                change(1, 5, 1, "paused"),
                change(2, 5, 3, "running"),
                change(3, 5, 4, "paused")));
    assertThat(names(preludes, 5))
        .containsExactly(
            "5-1 simulation:status paused",
            "5-2 decree m1",
            "5-3 decree m2",
            "5-4 simulation:status running",
            "5-5 decree m3",
            "5-6 simulation:status paused");
    assertThat(names(preludes, 0)).containsExactly("0-1 simulation:status running");
    assertThat(preludes.count(4)).isZero();
    assertThat(preludes.inputsAt(5)).extracting(InputRow::seq).containsExactly(1, 2, 3);
  }

  @Test
  void inputEventsCarryThePhaseTheInputAndNoKind() {
    InputRow row = decree(0, 3);
    Preludes preludes = Preludes.of(List.of(row), List.of());
    assertThat(preludes.last(3).data())
        .isEqualTo(
            "{\"phase\":\"submitted\",\"id\":\""
                + row.id()
                + "\",\"simulationId\":\""
                + SIMULATION
                + "\",\"tick\":3,\"type\":\"shock\","
                + "\"payload\":{\"magnitude\":0},\"createdAt\":\"2026-01-02T03:04:05.000006Z\"}");
  }
}
