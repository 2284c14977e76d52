package io.causality.common.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;

/**
 * Generators of what a careless or hostile client sends: malformed and mistyped JSON, huge numbers,
 * deep nesting, invalid UTF-8, odd media types, and path and query values with encoded slashes,
 * dots, control characters and great length. Strings hold one char per wire byte (chars 128 to 255
 * are raw bytes, so invalid UTF-8), as {@link RawHttp} sends them.
 */
public final class HostileInput {
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

  private HostileInput() {}

  /** Request bodies: mostly a valid template bent out of shape, else anything at all. */
  public static Gen<byte[]> bodies(JsonNode template) {
    String text = template == null ? "{}" : template.toString();
    return Gen.frequency(
        Gen.weight(5, r -> mutated(template, r)),
        Gen.weight(2, r -> damaged(text, r)),
        Gen.weight(1, Gen.bytes(2_000)),
        Gen.weight(1, nesting()),
        Gen.weight(1, Gen.of(ODD_VALUES).map(HostileInput::bytes)),
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
                .map(HostileInput::bytes)));
  }

  /** Path segments, raw on the wire: valid ones sometimes, else odd ones. */
  public static Gen<String> pathSegments(List<String> valid) {
    Gen<String> odd =
        Gen.of(
            "",
            ".",
            "..",
            "%2e%2e",
            "%2F",
            "a%2Fb",
            "%5C",
            "%00",
            "%0a",
            "%0d%0a",
            "%zz",
            "%",
            "%u0041",
            "%C3%A9",
            "%FF%FE",
            "\u00ff\u00fe",
            "\u00c3\u0028",
            ";x=1",
            "a;b",
            "%3B",
            "%3F",
            "%23",
            "~",
            "*",
            "null",
            "undefined",
            "-1",
            "00000000-0000-0000-0000-000000000000",
            "ffffffff-ffff-ffff-ffff-ffffffffffff",
            "run",
            "from-domain",
            "x".repeat(300),
            "y".repeat(9_000),
            "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
            "%25",
            "%252F");
    // Mostly printable, so that most requests get past the server's URI checks to the service.
    Gen<String> random =
        Gen.strings(Gen.charRange('!', '~') + "\u00e9\u00ff\u0080", 80).map(HostileInput::pathSafe);
    return valid.isEmpty()
        ? Gen.oneOf(odd, random)
        : Gen.frequency(Gen.weight(2, Gen.of(valid)), Gen.weight(3, odd), Gen.weight(1, random));
  }

  /** Query values, already encoded for the wire (or deliberately not). */
  public static Gen<String> queryValues() {
    Gen<String> plain =
        Gen.of(
            "",
            "0",
            "1",
            "-1",
            "50",
            "200",
            "201",
            "1.5",
            "1e3",
            "99999999999999999999",
            "-9223372036854775808",
            "9223372036854775807",
            "NaN",
            "asc",
            "desc",
            "DESC",
            "true",
            "null",
            "%00",
            "%zz",
            "%",
            "%FF",
            "a%2Fb",
            "..",
            "x".repeat(5_000),
            "00000000-0000-0000-0000-000000000000",
            "pending",
            "PENDING",
            "APPROVED,DENIED",
            "\u00ff\u00fe");
    Gen<String> encoded =
        Gen.strings(Gen.charRange('\u0000', '\u00ff'), 60)
            .map(s -> URLEncoder.encode(s, StandardCharsets.ISO_8859_1));
    return Gen.oneOf(plain, encoded);
  }

  /** Header values, including control characters (not CR or LF) and raw high bytes. */
  public static Gen<String> headerValues() {
    Gen<String> odd =
        Gen.of(
            "",
            " ",
            "\t",
            "\u0000",
            "\u007f",
            "\u00ff\u00fe",
            "\u00c3\u0028",
            "null",
            "-1",
            "x".repeat(200),
            "y".repeat(10_000),
            "Bearer",
            "Bearer ",
            "Bearer a.b.c",
            "Basic dXNlcjpwYXNz",
            "; ; ;",
            "=",
            "\"",
            "*/*");
    Gen<String> random = Gen.strings(Gen.charRange(' ', '~') + "\t\u0000\u001f\u00e9\u00ff", 100);
    return Gen.oneOf(odd, random);
  }

  public static Gen<String> contentTypes() {
    return Gen.of(
        "application/json",
        "application/json; charset=utf-8",
        "application/json; charset=UTF-16",
        "application/json; charset=bogus",
        "application/json; charset=\"",
        "application/json;;;",
        "application/json; a=b; a=c",
        "text/plain",
        "text/html",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
        "*/*",
        "application/*",
        "garbage",
        "application/",
        "/json",
        "",
        "application/x-ndjson",
        "application/json\u0000",
        "\u00ff/\u00fe");
  }

  public static Gen<String> accepts() {
    return Gen.of(
        "application/json",
        "application/x-ndjson",
        "text/event-stream",
        "text/html",
        "*/*",
        "*",
        "garbage",
        "application/json;q=0",
        "application/json;q=abc",
        "",
        "image/png",
        "application/*;q=0.1, text/plain",
        "text/event-stream;q=2",
        "application/x-ndjson, application/json;q=0.1",
        "\u00ff");
  }

  /** The documented method most of the time, else another one. */
  public static Gen<String> methods(String documented) {
    return Gen.frequency(
        Gen.weight(8, Gen.just(documented)),
        Gen.weight(
            2,
            Gen.of(
                "GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "TRACE", "CONNECT",
                "FOO", "get")));
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
      case 0 -> java.util.Arrays.copyOf(bytes, at);
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

  /** Keeps a random segment within its segment: '/', '?' and '#' and space are encoded. */
  private static String pathSafe(String segment) {
    return segment
        .replace("%", "%25")
        .replace("/", "%2F")
        .replace("?", "%3F")
        .replace("#", "%23")
        .replace(" ", "%20");
  }
}
