package io.causality.hitl.benchmarks;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The {@code --name value} options of a load driver's command line. */
final class DriverOptions {
  private final Map<String, String> values;

  private DriverOptions(Map<String, String> values) {
    this.values = Map.copyOf(values);
  }

  /** Reads {@code args}; throws naming the first option missing of {@code required}. */
  static DriverOptions parse(String[] args, List<String> required) {
    Map<String, String> values = new HashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (!args[i].startsWith("--")) {
        throw new IllegalArgumentException("expected --name value, got " + args[i]);
      }
      values.put(args[i].substring(2), args[i + 1]);
    }
    for (String name : required) {
      if (!values.containsKey(name)) {
        throw new IllegalArgumentException("--" + name + " is required");
      }
    }
    return new DriverOptions(values);
  }

  /** The option's value, or {@code fallback} when it was not given. */
  String get(String name, String fallback) {
    return values.getOrDefault(name, fallback);
  }

  /** A required option's value. */
  String get(String name) {
    return values.get(name);
  }

  int intValue(String name, int fallback) {
    return values.containsKey(name) ? Integer.parseInt(values.get(name)) : fallback;
  }
}
