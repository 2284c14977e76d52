package io.causality.hitl.coordinator.core;

import java.time.Instant;

/**
 * The actor had a request denied within the policy's {@code cooldownAfterDenyMs}: HTTP 409 {@code
 * DENY_COOLDOWN}.
 */
public final class DenyCooldownException extends OverrideException implements RefusedSubmission {

  private static final long serialVersionUID = 1L;

  private final Instant cooldownEndsAt;

  public DenyCooldownException(Instant cooldownEndsAt) {
    super(
        "a request of this actor was denied recently; submissions are refused until "
            + cooldownEndsAt);
    this.cooldownEndsAt = cooldownEndsAt;
  }

  /** When a new submission for the actor will be accepted again. */
  public Instant cooldownEndsAt() {
    return cooldownEndsAt;
  }

  @Override
  public String code() {
    return "DENY_COOLDOWN";
  }

  @Override
  public SubmissionRefusal refusal() {
    return SubmissionRefusal.DENY_COOLDOWN;
  }
}
