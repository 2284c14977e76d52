package io.causality.hitl.protocol.wire;

import java.util.regex.Pattern;

/**
 * The one character set of actor ids, at both services: 1 to 255 ASCII letters, digits and {@code .
 * _ : @ / -}, starting with a letter or a digit. Actors key the coordinator's adaptive gates
 * (dedupe, deny cooldown, material change), so an id has exactly one spelling: with spaces around
 * it, or with any other character ({@code "simulation:s1 "}, {@code "simulation:s1#2"}), it is
 * refused as a bad field rather than taken as another actor that dodges the gates. Ids are compared
 * exactly, letter case included.
 */
public final class ActorIds {

  /** A Bean Validation {@code @Pattern} of an actor id. */
  public static final String PATTERN = "[A-Za-z0-9][A-Za-z0-9._:@/-]{0,254}";

  /** The issue message of an actor id outside the character set. */
  public static final String INVALID =
      "must be 1 to 255 ASCII letters, digits or . _ : @ / -, starting with a letter or digit"
          + " (no spaces)";

  private static final Pattern COMPILED = Pattern.compile(PATTERN);

  private ActorIds() {}

  /** Whether {@code actorId} is a valid actor id; null is not. */
  public static boolean isValid(String actorId) {
    return actorId != null && COMPILED.matcher(actorId).matches();
  }
}
