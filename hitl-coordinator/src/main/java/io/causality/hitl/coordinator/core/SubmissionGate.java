package io.causality.hitl.coordinator.core;

import static io.causality.hitl.coordinator.core.Submission.orEmpty;

import io.causality.common.db.UniqueViolation;
import io.causality.hitl.coordinator.db.AuditEventRow;
import io.causality.hitl.coordinator.db.OverrideRequestDao;
import io.causality.hitl.coordinator.db.OverrideRequestRow;
import io.causality.hitl.protocol.policy.AdaptiveEscalationPolicy;
import java.time.Instant;
import java.util.Optional;
import org.jdbi.v3.core.JdbiException;

/**
 * Adaptive gating of submissions, when the policy enables it: dedupe against a PENDING request of
 * the same (organization, actor, intent, fingerprint), the cooldown after the last denial of the
 * actor in the requester's organization, and the material-change rule against that actor's denied
 * fingerprints. The organization is the requester's (none without a requester): one organization's
 * denials do not hold back another's evaluations of an actor of the same name.
 *
 * <p>The dedupe lookup alone would let two concurrent duplicates through; the gating key stored
 * with the PENDING row carries a unique constraint, so the database refuses the second insert and
 * it is reported as deduplicated as well.
 */
final class SubmissionGate {

  private final OverrideRequestDao requests;
  private final AdaptiveEscalationPolicy adaptive;

  SubmissionGate(OverrideRequestDao requests, AdaptiveEscalationPolicy adaptive) {
    this.requests = requests;
    this.adaptive = adaptive;
  }

  /**
   * Applies the gates.
   *
   * @return the gating key to store with the new row; null when gating is off
   */
  String check(Submission submission, Instant now) {
    if (!adaptive.enabled()) {
      return null;
    }
    String organization = orEmpty(submission.organization());
    String actor = orEmpty(submission.actorId());
    String fingerprint = orEmpty(submission.failureFingerprint());
    requests
        .findPending(organization, actor, orEmpty(submission.intentId()), fingerprint)
        .ifPresent(
            existing -> {
              throw new DeduplicatedException(existing);
            });
    checkCooldown(organization, actor, now);
    if (adaptive.requireMaterialChangeAfterDeny()) {
      requests
          .findDenied(organization, actor, fingerprint)
          .ifPresent(
              denied -> {
                throw new MaterialChangeRequiredException(denied);
              });
    }
    return submission.gatingKey();
  }

  /** Inserts the new row; a lost race on the gating key becomes a dedupe refusal. */
  void insert(OverrideRequestRow row, AuditEventRow submitted) {
    try {
      requests.insertSubmitted(row, submitted);
    } catch (JdbiException e) {
      if (row.pendingKey() == null || !UniqueViolation.in(e)) {
        throw e;
      }
      Optional<String> winner = requests.findByPendingKey(row.pendingKey());
      throw new DeduplicatedException(winner.orElseThrow(() -> e));
    }
  }

  private void checkCooldown(String organization, String actor, Instant now) {
    long cooldown = adaptive.cooldownAfterDenyMs();
    if (cooldown <= 0) {
      return;
    }
    requests
        .latestDenialAt(organization, actor)
        .map(denied -> denied.plusMillis(cooldown))
        .filter(now::isBefore)
        .ifPresent(
            end -> {
              throw new DenyCooldownException(end);
            });
  }
}
