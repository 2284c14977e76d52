package io.causality.sim.core.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.engine.output.AgentSelection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The events of a change kept in memory to be published: whole, or past the client buffer's events
 * or bytes, none, so that a change too large to buffer is read back from storage instead.
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
    assertThat(batch.events()).hasSize(2);
  }

  @Test
  void aChangePastTheBytesIsIncompleteAndStopsBeingRecorded() {
    EventRecorder.Collected collected = new EventRecorder.Collected(new EventBatch.Limit(4, 100));

    assertThat(collected.accept(tick(0, "a".repeat(30), "c".repeat(10)))).isTrue();
    // every selection a tick is written for counts: 40 + 80 > 100
    assertThat(collected.accept(tick(1, "a".repeat(70), "c".repeat(10)))).isFalse();

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
}
