package io.causality.hitl.coordinator.core;

/**
 * Why a submission was refused after its body was read, one value per reason a metric can label
 * ({@code hitl_submissions_refused_total{reason}}); the rate limits' own refusals are named by the
 * {@code ratelimit} package's budgets.
 */
public enum SubmissionRefusal {
  /** A rule about the submission or its evaluation is broken (400). */
  INVALID,
  /** A PENDING request of the same organization, actor, intent and failure exists (409). */
  DEDUPLICATED,
  /** The actor of the organization was denied within the cooldown (409). */
  DENY_COOLDOWN,
  /** The same failure of the actor of the organization was denied (409). */
  MATERIAL_CHANGE_REQUIRED
}
