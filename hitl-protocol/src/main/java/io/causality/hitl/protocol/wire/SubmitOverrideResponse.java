package io.causality.hitl.protocol.wire;

/**
 * Answer of a successful submission (HTTP 201).
 *
 * @param coordinatorRequestId UUID v4 of the new override request
 */
public record SubmitOverrideResponse(String coordinatorRequestId) {}
