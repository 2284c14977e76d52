package io.causality.hitl.coordinator.core;

/**
 * One problem with one field of a request body.
 *
 * @param path dotted path of the field, for example {@code evaluationResponse.decision}
 * @param message what is wrong with it
 */
public record Issue(String path, String message) {}
