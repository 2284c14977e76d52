package io.causality.sim.evaluation;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What became of submitting a rejection to the coordinator.
 *
 * @param status SUBMITTED, DEDUPLICATED (a pending request of the same actor and failure exists:
 *     its id), REFUSED (the coordinator said no) or UNAVAILABLE (no answer within the timeout)
 * @param coordinatorRequestId the override request to approve, when there is one
 * @param errorCode the coordinator's {@code error.code} of a refusal
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Submission(String status, String coordinatorRequestId, String errorCode) {
  public static final String SUBMITTED = "SUBMITTED";
  public static final String DEDUPLICATED = "DEDUPLICATED";
  public static final String REFUSED = "REFUSED";
  public static final String UNAVAILABLE = "UNAVAILABLE";
}
