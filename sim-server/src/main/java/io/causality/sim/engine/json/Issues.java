package io.causality.sim.engine.json;

import io.causality.sim.engine.EngineValidationException;
import io.causality.sim.engine.ValidationIssue;
import java.util.ArrayList;
import java.util.List;

/** Collects every validation issue of one input so that the caller sees all of them at once. */
public final class Issues {
  private final List<ValidationIssue> list = new ArrayList<>();

  public void add(String path, String message) {
    list.add(new ValidationIssue(path, message));
  }

  public boolean isEmpty() {
    return list.isEmpty();
  }

  public int size() {
    return list.size();
  }

  public List<ValidationIssue> list() {
    return List.copyOf(list);
  }

  /** Throws an {@link EngineValidationException} with every issue, if there is any. */
  public void throwIfAny() {
    if (!list.isEmpty()) {
      throw new EngineValidationException(list);
    }
  }
}
