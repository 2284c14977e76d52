package io.causality.common.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Random;

/**
 * Request bodies a careless or hostile client sends: a valid body bent out of shape, damaged bytes,
 * deep nesting, odd values. Strings hold one char per wire byte (chars 128 to 255 are raw bytes, so
 * invalid UTF-8), as {@link RawHttp} sends them. Headers, paths and queries are in {@link
 * HostileInput}.
 */
public final class HostileBodies {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String MARK = "\u0001MARK\u0001";

  /** JSON texts of values no field expects. */
  static final List<String> ODD_VALUES =
      List.of(
          "null",
          "true",
          "false",
          "\"\"",
          "0",
          "-1",
          "-0",
          "1.5",
          "1e308",
          "-1e308",
          "1e999999",
          "-1e-999999",
          "4.9e-324",
          "123456789012345678901234567890",
          "9".repeat(2000),
          "0." + "1".repeat(2000),
          "NaN",
          "Infinity",
          "-Infinity",
          "[]",
          "{}",
          "[null]",
          "{\"\":null}",
          "\"" + "x".repeat(100_000) + "\"",
          "\"\\u0000\"",
          "\"\\ud800\"",
          "\"\u00ff\u00fe\"",
          "\"\u00c3\u0028\"",
          "\"../../etc/passwd\"",
          "\"%00\"",
          "[".repeat(2_000) + "]".repeat(2_000),
          "\"2026-13-45T99:99:99Z\"",
          "\"00000000-0000-0000-0000-000000000000\"",
          "\"\u00f0\u009f\u0098\u0080\"",
          "{\"@class\":\"java.io.File\"}",
          "[1,2,3",
          "{\"a\":}",
          "'single'",
          "undefined");

  private HostileBodies() {}

  /** Request bodies: mostly a valid template bent out of shape, else anything at all. */
  public static Gen<byte[]> bodies(JsonNode template) {
    String text = template == null ? "{}" : template.toString();
    return Gen.frequency(
        Gen.weight(5, r -> mutated(template, r)),
        Gen.weight(2, r -> damaged(text, r)),
        Gen.weight(1, Gen.bytes(2_000)),
        Gen.weight(1, nesting()),
        Gen.weight(1, Gen.of(ODD_VALUES).map(HostileBodies::bytes)),
        Gen.weight(
            1,
            Gen.of(
                    "",
                    " ",
                    "\r\n",
                    "\u0000",
                    "\u00ef\u00bb\u00bf{}",
                    "{}{}",
                    "{} trailing",
                    "{\"a\":1,\"a\":2}",
                    "\u00fe\u00ff\u0000{")
                .map(HostileBodies::bytes)));
  }

  static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** The template with one node replaced, removed, or an unknown member added. */
  static byte[] mutated(JsonNode template, Random random) {
    JsonNode copy = template == null ? JSON.createObjectNode() : template.deepCopy();
    String odd = ODD_VALUES.get(random.nextInt(ODD_VALUES.size()));
    List<JsonNode> containers = new ArrayList<>();
    collect(copy, containers);
    JsonNode target = containers.get(random.nextInt(containers.size()));
    if (target instanceof ObjectNode object) {
      mutateObject(object, random);
    } else if (target instanceof ArrayNode array && !array.isEmpty()) {
      array.set(random.nextInt(array.size()), TextNode.valueOf(MARK));
    }
    String text = copy.toString().replace("\"\\u0001MARK\\u0001\"", odd);
    return bytes(text.contains("MARK") ? odd : text);
  }

  private static void mutateObject(ObjectNode object, Random random) {
    List<String> names = new ArrayList<>();
    object.fieldNames().forEachRemaining(names::add);
    int choice = names.isEmpty() ? 2 : random.nextInt(4);
    if (choice == 2) {
      object.put(random.nextBoolean() ? "unknownField" : "\u00ff\u0000", MARK);
      return;
    }
    String name = names.get(random.nextInt(names.size()));
    if (choice == 3) {
      object.remove(name);
    } else {
      object.put(name, MARK);
    }
  }

  private static void collect(JsonNode node, List<JsonNode> containers) {
    if (node.isContainerNode()) {
      containers.add(node);
      for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
        collect(it.next(), containers);
      }
    }
  }

  /** The template's text cut short, or with a byte dropped, doubled or replaced. */
  static byte[] damaged(String text, Random random) {
    byte[] bytes = bytes(text);
    int at = random.nextInt(bytes.length + 1);
    return switch (random.nextInt(4)) {
      case 0 -> Arrays.copyOf(bytes, at);
      case 1 -> splice(bytes, at, new byte[] {(byte) random.nextInt(256)}, 1);
      case 2 -> splice(bytes, at, new byte[] {(byte) random.nextInt(256)}, 0);
      default -> splice(bytes, at, new byte[0], 1);
    };
  }

  private static byte[] splice(byte[] bytes, int at, byte[] insert, int remove) {
    int cut = Math.min(bytes.length, at + remove);
    byte[] out = new byte[at + insert.length + bytes.length - cut];
    System.arraycopy(bytes, 0, out, 0, at);
    System.arraycopy(insert, 0, out, at, insert.length);
    System.arraycopy(bytes, cut, out, at + insert.length, bytes.length - cut);
    return out;
  }

  private static Gen<byte[]> nesting() {
    return Gen.of(10, 999, 1_001, 5_000, 100_000)
        .flatMap(
            depth ->
                Gen.of(
                    bytes("[".repeat(depth) + "]".repeat(depth)),
                    bytes("{\"a\":".repeat(depth) + "1" + "}".repeat(depth)),
                    bytes("[".repeat(depth))));
  }
}
