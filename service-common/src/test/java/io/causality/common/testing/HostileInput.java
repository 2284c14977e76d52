package io.causality.common.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;

/**
 * Generators of what a careless or hostile client sends around a body: odd methods, media types and
 * header values, and path and query values with encoded slashes, dots, control characters and great
 * length. Strings hold one char per wire byte (chars 128 to 255 are raw bytes, so invalid UTF-8),
 * as {@link RawHttp} sends them. Bodies are in {@link HostileBodies}.
 */
public final class HostileInput {
  private HostileInput() {}

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

  /** Keeps a random segment within its segment: '/', '?' and '#' and space are encoded. */
  private static String pathSafe(String segment) {
    return segment
        .replace("%", "%25")
        .replace("/", "%2F")
        .replace("?", "%3F")
        .replace("#", "%23")
        .replace(" ", "%20");
  }

  /** An operation of a service's API: its method, path template, query names and body. */
  public record Operation(String method, String path, List<String> query, JsonNode template) {}

  /**
   * Sends {@code tries} requests to the service on {@code port}, each for one of {@code operations}
   * (each equally often) with every part drawn by {@code requestOf}, and checks that every answer
   * is well formed: no 5xx, every error in the envelope with nothing internal (EnvelopeCheck).
   */
  public static void sendEach(
      int port,
      List<Operation> operations,
      int tries,
      BiFunction<Operation, Random, RawHttp.Request> requestOf) {
    Gen<Operation> operation = Gen.of(operations);
    SeededTries.run(
        "hostile input",
        tries,
        (random, tally) -> {
          Operation drawn = operation.next(random);
          RawHttp.Request request = requestOf.apply(drawn, random);
          RawHttp.Answer answer = RawHttp.exchange(port, request);
          tally.collect("status", answer.status());
          tally.collect("operation", drawn.method() + " " + drawn.path());
          EnvelopeCheck.assertAnsweredWell(request, answer);
        });
  }
}
