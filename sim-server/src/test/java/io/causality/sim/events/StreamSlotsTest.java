package io.causality.sim.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.sim.core.errors.StreamLimitException;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class StreamSlotsTest {
  private final StreamSlots slots = new StreamSlots(60);
  private final UUID acme = UUID.randomUUID();
  private final UUID globex = UUID.randomUUID();

  @Test
  void anOrganizationHasAtMostItsLimitOpen() {
    slots.acquire(acme, 2);
    slots.acquire(acme, 2);
    assertThatThrownBy(() -> slots.acquire(acme, 2))
        .isInstanceOf(StreamLimitException.class)
        .satisfies(
            e -> {
              assertThat(((StreamLimitException) e).limit()).isEqualTo(2);
              assertThat(((StreamLimitException) e).retryAfterSeconds()).isEqualTo(60);
            });
    slots.acquire(globex, 2);
    assertThat(slots.openFor(acme)).isEqualTo(2);
    assertThat(slots.openFor(globex)).isEqualTo(1);
  }

  @Test
  void aSlotIsReleasedOnceHoweverOftenItIsClosed() {
    StreamSlots.Slot slot = slots.acquire(acme, 1);
    slots.acquire(globex, 1);
    slot.release();
    slot.release();
    assertThat(slots.openFor(acme)).isZero();
    slots.acquire(acme, 1);
    assertThat(slots.openFor(acme)).isEqualTo(1);
  }
}
