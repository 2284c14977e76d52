package io.causality.sim.core.events;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EventIdTest {
  @Test
  void theWireFormIsTickDashIndexAndParsesBack() {
    EventId id = new EventId(41, 3);
    assertThat(id.wire()).isEqualTo("41-3");
    assertThat(EventId.parse("41-3")).contains(id);
    assertThat(EventId.parse(" 0-0 ")).contains(EventId.before(0));
  }

  @Test
  void anythingElseIsNotAnId() {
    assertThat(EventId.parse("41")).isEmpty();
    assertThat(EventId.parse("-1-3")).isEmpty();
    assertThat(EventId.parse("41-03")).isEmpty();
    assertThat(EventId.parse("41-3-1")).isEmpty();
    assertThat(EventId.parse("99999999999999999999-1")).isEmpty();
    assertThat(EventId.parse("1-99999999999")).isEmpty();
  }

  @Test
  void idsOrderByTickThenIndex() {
    assertThat(new EventId(2, 1).isAfter(new EventId(1, 9))).isTrue();
    assertThat(new EventId(2, 2).isAfter(new EventId(2, 1))).isTrue();
    assertThat(EventId.before(2).isAfter(new EventId(1, 9))).isTrue();
    assertThat(new EventId(2, 1).isAfter(new EventId(2, 1))).isFalse();
    assertThat(new EventId(2, 1).next()).isEqualTo(new EventId(2, 2));
  }
}
