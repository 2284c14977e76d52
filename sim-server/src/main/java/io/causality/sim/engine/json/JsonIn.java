package io.causality.sim.engine.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A JSON node with the dotted path that leads to it, reading values into {@link Issues}. Every
 * reader records a problem and returns a fallback instead of throwing, so that one pass over an
 * input reports every bad field.
 *
 * <p>The path is spelled out only when asked for (an issue): a scenario of 100,000 agents reads a
 * million fields, and their paths built up front were over a third of what reading it allocated.
 */
public final class JsonIn {
  private static final int NO_INDEX = -1;

  private final JsonNode node;
  private final JsonIn parent;
  private final String name;
  private final int index;
  private final Issues issues;

  private JsonIn(JsonNode node, JsonIn parent, String name, int index, Issues issues) {
    this.node = node == null ? MissingNode.getInstance() : node;
    this.parent = parent;
    this.name = name;
    this.index = index;
    this.issues = Objects.requireNonNull(issues, "issues");
  }

  /** The root of an input; {@code prefix} ("scenario", "input", "payload" or "") starts paths. */
  public static JsonIn root(JsonNode node, String prefix, Issues issues) {
    return new JsonIn(node, null, prefix, NO_INDEX, issues);
  }

  public JsonIn get(String name) {
    JsonNode child = node.isObject() ? node.get(name) : null;
    return new JsonIn(child, this, name, NO_INDEX, issues);
  }

  public JsonIn at(int index) {
    return new JsonIn(node.get(index), this, null, index, issues);
  }

  public String path() {
    if (parent == null) {
      return name;
    }
    String above = parent.path();
    if (index != NO_INDEX) {
      return above + "[" + index + "]";
    }
    return above.isEmpty() ? name : above + "." + name;
  }

  public Issues issues() {
    return issues;
  }

  public JsonNode node() {
    return node;
  }

  /** True when the field is there and not JSON null. */
  public boolean present() {
    return !node.isMissingNode() && !node.isNull();
  }

  public void fail(String message) {
    issues.add(path(), message);
  }

  /** True when present and an object; records "is required" or "must be an object". */
  public boolean requireObject() {
    if (!present()) {
      fail("is required");
      return false;
    }
    if (!node.isObject()) {
      fail("must be an object");
      return false;
    }
    return true;
  }

  /** True when absent, or present and an object (then false records the problem). */
  public boolean optionalObject() {
    if (present() && !node.isObject()) {
      fail("must be an object");
      return false;
    }
    return present();
  }

  /** A required number in [min, max]; NaN when missing or bad (the issue is recorded). */
  public double number(double min, double max) {
    if (!present()) {
      fail("is required");
      return Double.NaN;
    }
    return checkedNumber(min, max, Double.NaN);
  }

  /** An optional number in [min, max], {@code fallback} when absent. */
  public double number(double min, double max, double fallback) {
    return present() ? checkedNumber(min, max, fallback) : fallback;
  }

  private double checkedNumber(double min, double max, double fallback) {
    if (!node.isNumber()) {
      fail("must be a number");
      return fallback;
    }
    double value = node.doubleValue();
    if (!Double.isFinite(value) || value < min || value > max) {
      fail("must be between " + Num.format(min) + " and " + Num.format(max));
      return fallback;
    }
    return value;
  }

  /** A required integral number in [min, max]; 0 when missing or bad. */
  public long integer(long min, long max) {
    if (!present()) {
      fail("is required");
      return 0;
    }
    if (!node.isNumber() || !isIntegral(node)) {
      fail("must be an integer");
      return 0;
    }
    long value = node.longValue();
    if (value < min || value > max) {
      fail("must be between " + min + " and " + max);
      return 0;
    }
    return value;
  }

  private static boolean isIntegral(JsonNode n) {
    if (n.isIntegralNumber()) {
      return n.canConvertToLong();
    }
    double d = n.doubleValue();
    return d == Math.rint(d) && Math.abs(d) < 0x1.0p62;
  }

  /** A required non-blank string of at most {@code maxLength} characters; null when bad. */
  public String text(int maxLength) {
    if (!present()) {
      fail("is required");
      return null;
    }
    return checkedText(maxLength);
  }

  /** An optional string; {@code fallback} when absent. */
  public String text(int maxLength, String fallback) {
    return present() ? checkedText(maxLength) : fallback;
  }

  private String checkedText(int maxLength) {
    if (!node.isTextual()) {
      fail("must be a string");
      return null;
    }
    String value = node.textValue();
    if (value.isBlank()) {
      fail("must not be blank");
      return null;
    }
    if (value.length() > maxLength) {
      fail("must be at most " + maxLength + " characters");
      return null;
    }
    return value;
  }

  /** An optional boolean; {@code fallback} when absent or bad. */
  public boolean bool(boolean fallback) {
    if (!present()) {
      return fallback;
    }
    if (!node.isBoolean()) {
      fail("must be a boolean");
      return fallback;
    }
    return node.booleanValue();
  }

  /** The elements of a required array of 1 to {@code maxSize} items; empty when bad. */
  public List<JsonIn> array(int maxSize) {
    return array(maxSize, "");
  }

  /**
   * The same; {@code why} follows the size message (which limit it is, for example " (the limit of
   * the community license)").
   */
  public List<JsonIn> array(int maxSize, String why) {
    if (!present()) {
      fail("is required");
      return List.of();
    }
    return checkedArray(1, maxSize, why);
  }

  /** The elements of an optional array of 0 to {@code maxSize} items. */
  public List<JsonIn> optionalArray(int maxSize) {
    return optionalArray(maxSize, "");
  }

  /** The same, with {@code why} after the size message. */
  public List<JsonIn> optionalArray(int maxSize, String why) {
    return present() ? checkedArray(0, maxSize, why) : List.of();
  }

  private List<JsonIn> checkedArray(int minSize, int maxSize, String why) {
    if (!node.isArray()) {
      fail("must be an array");
      return List.of();
    }
    if (node.size() < minSize || node.size() > maxSize) {
      fail("must have between " + minSize + " and " + maxSize + " items" + why);
      return List.of();
    }
    List<JsonIn> items = new ArrayList<>(node.size());
    for (int i = 0; i < node.size(); i++) {
      items.add(at(i));
    }
    return items;
  }

  /** The fields of an optional object, sorted by name so that reading order is fixed. */
  public Map<String, JsonIn> fields() {
    Map<String, JsonIn> out = new TreeMap<>();
    if (!optionalObject()) {
      return out;
    }
    Iterator<String> names = node.fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      out.put(name, get(name));
    }
    return out;
  }
}
