package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The numbers of I-JSON (RFC 7493, section 2.2), which RFC 8785 canonicalization and so every
 * request hash rely on: integers within [-(2^53)+1, 2^53-1], and other numbers finite as IEEE 754
 * doubles. A number beyond that (an integer of 400 digits, {@code 1e400}) has no canonical form; it
 * is refused as a bad field instead of failing the hash. Values that need more go as strings.
 */
public final class InteroperableNumbers {

  /** The issue message of a number outside I-JSON. */
  public static final String OUT_OF_RANGE =
      "must be an I-JSON number (RFC 7493): an integer within +/-(2^53-1) or a finite double;"
          + " send larger values as strings";

  private static final BigInteger MAX_SAFE_INTEGER =
      BigInteger.ONE.shiftLeft(53).subtract(BigInteger.ONE);

  private InteroperableNumbers() {}

  /**
   * The dotted paths ({@code a.b[2].c}) below {@code path} of every number in {@code node} that is
   * not I-JSON, in document order; empty when all are.
   */
  public static List<String> outOfRange(JsonNode node, String path) {
    List<String> paths = new ArrayList<>();
    collect(node, path, paths);
    return paths;
  }

  private static void collect(JsonNode node, String path, List<String> paths) {
    if (node == null) {
      return;
    }
    if (node.isNumber() && !isInteroperable(node)) {
      paths.add(path);
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        collect(node.get(i), path + "[" + i + "]", paths);
      }
    } else if (node.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> member = it.next();
        collect(member.getValue(), path + "." + member.getKey(), paths);
      }
    }
  }

  private static boolean isInteroperable(JsonNode number) {
    if (number.isIntegralNumber()) {
      return number.bigIntegerValue().abs().compareTo(MAX_SAFE_INTEGER) <= 0;
    }
    if (number.isBigDecimal()) {
      BigDecimal value = number.decimalValue();
      return Double.isFinite(value.doubleValue());
    }
    return Double.isFinite(number.doubleValue());
  }
}
