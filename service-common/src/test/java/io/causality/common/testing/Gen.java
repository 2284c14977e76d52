package io.causality.common.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * A generator of test values drawn from a {@link Random}: the same random state gives the same
 * value, so a seeded run ({@link SeededTries}) draws the same values again. Combinators for the
 * hostile-input tests: pick one of some values, one of some generators (evenly or by weight),
 * sometimes null, strings over an alphabet, byte arrays.
 */
@FunctionalInterface
public interface Gen<T> {
  T next(Random random);

  default <R> Gen<R> map(Function<? super T, ? extends R> mapper) {
    return random -> mapper.apply(next(random));
  }

  default <R> Gen<R> flatMap(Function<? super T, ? extends Gen<? extends R>> mapper) {
    return random -> mapper.apply(next(random)).next(random);
  }

  /** Null with probability {@code probability}, else a value of this generator. */
  default Gen<T> orNull(double probability) {
    return random -> random.nextDouble() < probability ? null : next(random);
  }

  static <T> Gen<T> just(T value) {
    return random -> value;
  }

  /** One of {@code values}, each equally often. */
  @SafeVarargs
  static <T> Gen<T> of(T... values) {
    return of(List.of(values));
  }

  /** One of {@code values}, each equally often. */
  static <T> Gen<T> of(List<? extends T> values) {
    List<T> copy = List.copyOf(values);
    if (copy.isEmpty()) {
      throw new IllegalArgumentException("no values to pick from");
    }
    return random -> copy.get(random.nextInt(copy.size()));
  }

  /** A value of one of {@code generators}, each picked equally often. */
  @SafeVarargs
  static <T> Gen<T> oneOf(Gen<? extends T>... generators) {
    Gen<Gen<? extends T>> pick = of(List.of(generators));
    return random -> pick.next(random).next(random);
  }

  /** A value of one of the generators, each picked in proportion to its weight. */
  @SafeVarargs
  static <T> Gen<T> frequency(Weighted<? extends T>... choices) {
    List<Weighted<? extends T>> list = List.of(choices);
    int total = list.stream().mapToInt(Weighted::weight).sum();
    return random -> {
      int at = random.nextInt(total);
      for (Weighted<? extends T> choice : list) {
        at -= choice.weight();
        if (at < 0) {
          return choice.generator().next(random);
        }
      }
      throw new IllegalStateException("weights changed");
    };
  }

  static <T> Weighted<T> weight(int weight, Gen<? extends T> generator) {
    return new Weighted<>(weight, generator);
  }

  /** Strings of 0 to {@code maxLength} chars, each drawn evenly from {@code alphabet}. */
  static Gen<String> strings(String alphabet, int maxLength) {
    return random -> {
      char[] chars = new char[random.nextInt(maxLength + 1)];
      for (int k = 0; k < chars.length; k++) {
        chars[k] = alphabet.charAt(random.nextInt(alphabet.length()));
      }
      return new String(chars);
    };
  }

  /** Every char from {@code first} to {@code last}, inclusive, as an alphabet for strings. */
  static String charRange(char first, char last) {
    StringBuilder out = new StringBuilder();
    for (char c = first; c <= last && c >= first; c++) {
      out.append(c);
    }
    return out.toString();
  }

  /** Arrays of 0 to {@code maxSize} random bytes. */
  static Gen<byte[]> bytes(int maxSize) {
    return random -> {
      byte[] out = new byte[random.nextInt(maxSize + 1)];
      random.nextBytes(out);
      return out;
    };
  }

  /** One value of each generator, in order. */
  static <T> Gen<List<T>> each(List<? extends Gen<? extends T>> generators) {
    return random -> {
      List<T> out = new ArrayList<>(generators.size());
      for (Gen<? extends T> generator : generators) {
        out.add(generator.next(random));
      }
      return out;
    };
  }

  /** A generator with its weight in {@link #frequency}. */
  record Weighted<T>(int weight, Gen<? extends T> generator) {
    public Weighted {
      if (weight <= 0) {
        throw new IllegalArgumentException("weight must be positive: " + weight);
      }
    }
  }
}
