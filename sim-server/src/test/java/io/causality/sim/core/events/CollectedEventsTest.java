package io.causality.sim.core.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.engine.output.AgentSelection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The events of a change kept in memory to be published: whole; without the ticks of a selection of
 * agents that outgrew the client buffer's bytes or the heap there was room for, which its listeners
 * read back from storage instead; or none, past the buffer's events or once no selection is left.
 */
class CollectedEventsTest {
  private static final EventId FROM = EventId.before(0);

  private static SimulationEvent tick(long tick, String all, String changed) {
    return SimulationEvent.tick(
        new EventId(tick, 1), Map.of(AgentSelection.ALL, all, AgentSelection.CHANGED, changed));
  }

  @Test
  void aChangeWithinTheLimitIsPublishedWhole() {
    EventRecorder.Collected collected = new EventRecorder.Collected(new EventBatch.Limit(4, 100));

    assertThat(collected.accept(tick(0, "a".repeat(30), "c".repeat(10)))).isTrue();
    assertThat(collected.accept(tick(1, "a".repeat(30), "c".repeat(10)))).isTrue();

    EventBatch batch = collected.batch(FROM, List.of(), EventId.before(2));
    assertThat(batch.complete()).isTrue();
    assertThat(batch.completeFor(AgentSelection.ALL)).isTrue();
    assertThat(batch.events()).hasSize(2);
  }

  @Test
  void aSelectionPastTheBytesIsCutWhileTheOthersArePublishedWhole() {
    EventRecorder.Collected collected = new EventRecorder.Collected(new EventBatch.Limit(4, 100));

    assertThat(collected.accept(tick(0, "a".repeat(30), "c".repeat(10)))).isTrue();
    // each selection counts alone: every agent's 30 + 80 > 100, the changed ones' 20 is not
    assertThat(collected.accept(tick(1, "a".repeat(80), "c".repeat(10)))).isTrue();
    assertThat(collected.takes(AgentSelection.ALL, 10)).isFalse();

    EventBatch batch = collected.batch(FROM, List.of(), EventId.before(2));
    assertThat(batch.completeFor(AgentSelection.ALL)).isFalse();
    assertThat(batch.completeFor(AgentSelection.CHANGED)).isTrue();
    assertThat(batch.events())
        .extracting(event -> event.byAgents().keySet())
        .containsOnly(java.util.Set.of(AgentSelection.CHANGED));
    assertThat(batch.events().get(1).data(AgentSelection.CHANGED)).isEqualTo("c".repeat(10));
  }

  @Test
  void aChangeWhoseEverySelectionIsPastTheBytesIsIncompleteAndStopsBeingRecorded() {
    EventRecorder.Collected collected = new EventRecorder.Collected(new EventBatch.Limit(4, 100));

    assertThat(collected.accept(tick(0, "a".repeat(30), "c".repeat(10)))).isTrue();
    assertThat(collected.accept(tick(1, "a".repeat(80), "c".repeat(95)))).isFalse();

    EventBatch batch = collected.batch(FROM, List.of(), EventId.before(2));
    assertThat(batch.complete()).isFalse();
    assertThat(batch.events()).isEmpty();
    assertThat(batch.until()).isEqualTo(EventId.before(2));
  }

  @Test
  void aChangePastTheEventsIsIncomplete() {
    EventRecorder.Collected collected =
        new EventRecorder.Collected(new EventBatch.Limit(2, Long.MAX_VALUE));

    collected.accept(tick(0, "a", "c"));
    collected.accept(tick(1, "a", "c"));
    assertThat(collected.accept(tick(2, "a", "c"))).isFalse();

    assertThat(collected.batch(FROM, List.of(), EventId.before(3)).complete()).isFalse();
  }

  @Test
  void aSelectionTheHeapHasNoRoomForIsNotWrittenAndItsListenersReadTheChangeBack() {
    List<Long> asked = new ArrayList<>();
    // room for the ticks of a few changed agents, not for those of 100,000
    EventRecorder.Room room =
        bytes -> {
          asked.add(bytes);
          return bytes < 1_000_000;
        };
    EventRecorder.Collected collected =
        new EventRecorder.Collected(
            new EventBatch.Limit(1_000, Long.MAX_VALUE), room, 1, new TickSizes());

    assertThat(collected.takes(AgentSelection.ALL, 100_000)).isFalse();
    assertThat(collected.takes(AgentSelection.CHANGED, 10)).isTrue();
    assertThat(
            collected.accept(
                SimulationEvent.tick(
                    new EventId(0, 1), Map.of(AgentSelection.CHANGED, "c".repeat(10)))))
        .isTrue();

    EventBatch batch = collected.batch(FROM, List.of(), EventId.before(1));
    assertThat(batch.completeFor(AgentSelection.ALL)).isFalse();
    assertThat(batch.completeFor(AgentSelection.CHANGED)).isTrue();
    assertThat(batch.events()).hasSize(1);
    // asked before writing: the agents' estimated text, three times over while it is written
    assertThat(asked.get(0))
        .isEqualTo(3L * (100_000L * TickSizes.BYTES_PER_AGENT + TickSizes.BYTES_BESIDES_AGENTS));
  }

  @Test
  void eventsTheHeapHasNoRoomToKeepMakeTheChangeIncomplete() {
    EventRecorder.Collected collected =
        new EventRecorder.Collected(
            new EventBatch.Limit(1_000, Long.MAX_VALUE), bytes -> bytes < 100, 1, new TickSizes());

    assertThat(collected.accept(new SimulationEvent(new EventId(0, 1), "loss", "x".repeat(10))))
        .isTrue();
    // kept twice over (the text, then its frame): 2 × 60 > 100
    assertThat(collected.accept(new SimulationEvent(new EventId(0, 2), "loss", "x".repeat(50))))
        .isFalse();

    assertThat(collected.batch(FROM, List.of(), EventId.before(1)).complete()).isFalse();
  }

  @Test
  void aSelectionForeseenPastTheBytesIsRefusedBeforeItsFirstTickIsWritten() {
    TickSizes sizes = new TickSizes();
    EventBatch.Limit limit = new EventBatch.Limit(1_000, 32L << 20);

    // three ticks of 100,000 agents, at the bytes an agent takes before any tick was written
    EventRecorder.Collected player =
        new EventRecorder.Collected(limit, EventRecorder.Room.UNBOUNDED, 3, sizes);
    assertThat(player.takes(AgentSelection.ALL, 100_000)).isFalse();
    assertThat(player.takes(AgentSelection.CHANGED, 300)).isTrue();
  }

  @Test
  void theSizeOfTheLastTicksForeseesTheNextChange() {
    TickSizes sizes = new TickSizes();
    EventBatch.Limit limit = new EventBatch.Limit(1_000, 1_000_000);

    // 10 ticks of 1,000 agents foreseen at 180 bytes each: 1.8 MB, past the limit
    assertThat(
            new EventRecorder.Collected(limit, EventRecorder.Room.UNBOUNDED, 10, sizes)
                .takes(AgentSelection.ALL, 1_000))
        .isFalse();

    // one such tick written: 50 bytes an agent, so ten of them fit
    EventRecorder.Collected one =
        new EventRecorder.Collected(limit, EventRecorder.Room.UNBOUNDED, 1, sizes);
    assertThat(one.takes(AgentSelection.ALL, 1_000)).isTrue();
    one.accept(
        SimulationEvent.tick(new EventId(0, 1), Map.of(AgentSelection.ALL, "a".repeat(50_000))));
    assertThat(
            new EventRecorder.Collected(limit, EventRecorder.Room.UNBOUNDED, 10, sizes)
                .takes(AgentSelection.ALL, 1_000))
        .isTrue();
  }
}
