package io.causality.common.testing;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Runs a property as a loop of tries, each with its own {@link Random} derived from one run seed. A
 * run takes a fresh seed unless {@code -Dhostile.seed=<seed>} names one; the seed is printed when
 * the run starts and is in the message of a failure, and that message says how to replay the
 * failing try alone ({@code -Dhostile.seed=<seed> -Dhostile.try=<n>}): the same seed draws the same
 * values. At the end the run prints how often each collected value came up, so that a reader can
 * see which statuses and operations the tries reached.
 */
public final class SeededTries {
  public static final String SEED_PROPERTY = "hostile.seed";
  public static final String TRY_PROPERTY = "hostile.try";

  /** One try: draws its values from {@code random} and checks them. */
  @FunctionalInterface
  public interface Body {
    void run(Random random, Tally tally) throws Exception;
  }

  private SeededTries() {}

  /** Runs {@code tries} tries of {@code body} (or only the try {@code -Dhostile.try} names). */
  public static void run(String name, int tries, Body body) {
    long seed = seed();
    String only = System.getProperty(TRY_PROPERTY);
    System.out.printf("%s: %d tries, seed %d (-D%s=%d)%n", name, tries, seed, SEED_PROPERTY, seed);
    SplittableRandom seeds = new SplittableRandom(seed);
    Tally tally = new Tally();
    for (int k = 1; k <= tries; k++) {
      long trySeed = seeds.nextLong();
      if (only == null || Integer.parseInt(only) == k) {
        runOne(name, tries, seed, k, () -> body.run(new Random(trySeed), tally));
      }
    }
    System.out.print(tally.report(name));
  }

  private interface Attempt {
    void run() throws Exception;
  }

  private static void runOne(String name, int tries, long seed, int k, Attempt attempt) {
    try {
      attempt.run();
    } catch (Exception | AssertionError e) {
      throw new AssertionError(
          String.format(
              "%s: try %d of %d failed with seed %d (replay it: -D%s=%d -D%s=%d): %s",
              name, k, tries, seed, SEED_PROPERTY, seed, TRY_PROPERTY, k, e.getMessage()),
          e);
    }
  }

  private static long seed() {
    String given = System.getProperty(SEED_PROPERTY);
    return given == null || given.isBlank()
        ? ThreadLocalRandom.current().nextLong()
        : Long.parseLong(given.trim());
  }

  /** Counts of collected values by label, in the order they first came up. */
  public static final class Tally {
    private final Map<String, Map<String, Integer>> counts = new LinkedHashMap<>();

    public void collect(String label, Object value) {
      counts
          .computeIfAbsent(label, l -> new LinkedHashMap<>())
          .merge(String.valueOf(value), 1, Integer::sum);
    }

    String report(String name) {
      StringBuilder out = new StringBuilder();
      counts.forEach(
          (label, values) -> {
            int total = values.values().stream().mapToInt(Integer::intValue).sum();
            out.append(name).append(" [").append(label).append("]\n");
            values.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                .forEach(
                    e ->
                        out.append(
                            String.format(
                                "  %-70s %5d (%5.1f%%)%n",
                                e.getKey(), e.getValue(), 100.0 * e.getValue() / total)));
          });
      return out.toString();
    }
  }
}
