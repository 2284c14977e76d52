package io.causality.sim.engine.json;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/**
 * Locale-free, platform-free formatting of output numbers: rounded half-up to six decimals and
 * written as plain decimals without exponent or trailing zeros ("0.25", "-3", "12.000001"). Traces
 * carry rounded values; the engine itself keeps full doubles.
 */
public final class Num {
  private static final double SCALE = 1e6;
  private static final int DECIMALS = 6;

  private Num() {}

  /**
   * Writes an input number exactly (it must parse back to the same double): whole numbers as
   * integers ("100"), others with Java's round-trip decimal form.
   */
  public static void writeExact(JsonGenerator gen, double value) throws IOException {
    if (value == Math.rint(value) && Math.abs(value) < 0x1.0p53) {
      gen.writeNumber((long) value);
    } else {
      gen.writeNumber(value);
    }
  }

  public static String format(double value) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("not a finite number: " + value);
    }
    long scaled = Math.round(value * SCALE);
    if (scaled == 0) {
      return "0";
    }
    StringBuilder out = new StringBuilder(24);
    if (scaled < 0) {
      out.append('-');
    }
    long abs = Math.abs(scaled);
    out.append(abs / (long) SCALE);
    appendFraction(out, abs % (long) SCALE);
    return out.toString();
  }

  private static void appendFraction(StringBuilder out, long fraction) {
    if (fraction == 0) {
      return;
    }
    String digits = Long.toString(fraction);
    StringBuilder frac = new StringBuilder(DECIMALS);
    for (int i = digits.length(); i < DECIMALS; i++) {
      frac.append('0');
    }
    frac.append(digits);
    int end = frac.length();
    while (frac.charAt(end - 1) == '0') {
      end--;
    }
    out.append('.').append(frac, 0, end);
  }
}
