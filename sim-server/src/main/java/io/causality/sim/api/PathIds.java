package io.causality.sim.api;

import java.util.UUID;

/** Path ids are UUIDs; anything else is a validation error naming the parameter. */
public final class PathIds {
  private PathIds() {}

  public static UUID uuid(String name, String value) {
    RequestParameters parameters = new RequestParameters();
    UUID id = parameters.uuid(name, value);
    parameters.throwIfInvalid();
    return id;
  }
}
