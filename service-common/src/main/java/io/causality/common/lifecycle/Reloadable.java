package io.causality.common.lifecycle;

/**
 * Something a service re-reads while it serves. An implementation checks everything about the new
 * set before it replaces the old one, and replaces it in one step, so that no request sees a mix; a
 * failed check leaves the old set serving. Calls never overlap ({@link Reloads} serializes them).
 */
@FunctionalInterface
public interface Reloadable {

  /** Reads, checks and, when every check passes, swaps in the new set. */
  ReloadOutcome reload();
}
