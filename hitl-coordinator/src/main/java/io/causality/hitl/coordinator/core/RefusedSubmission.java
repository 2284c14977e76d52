package io.causality.hitl.coordinator.core;

/** An exception that refuses a submission, and the reason a metric labels it with. */
public interface RefusedSubmission {
  SubmissionRefusal refusal();
}
