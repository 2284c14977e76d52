package io.causality.common.lifecycle;

import java.util.Objects;

/**
 * What a reload did: applied (the new set serves from now on) or refused (the old set keeps
 * serving), with one line for the operator either way.
 *
 * @param applied whether the new set replaced the old one
 * @param message what now serves, or why the new set was refused; never a key or a secret
 */
public record ReloadOutcome(boolean applied, String message) {

  public ReloadOutcome {
    Objects.requireNonNull(message, "message");
  }

  public static ReloadOutcome applied(String message) {
    return new ReloadOutcome(true, message);
  }

  public static ReloadOutcome refused(String reason) {
    return new ReloadOutcome(false, reason);
  }
}
