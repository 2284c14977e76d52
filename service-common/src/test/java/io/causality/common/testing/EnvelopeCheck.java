package io.causality.common.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.regex.Pattern;

/** What every answer to any request must be: no 5xx, and errors in the documented envelope. */
public final class EnvelopeCheck {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Java package names, stack frames and exception class names. */
  static final Pattern INTERNALS =
      Pattern.compile(
          "\\b(java|javax|jakarta|sun|com\\.fasterxml|com\\.nimbusds|org\\.(eclipse|glassfish"
              + "|hibernate|jdbi|h2|liquibase|slf4j)|io\\.(dropwizard|causality))\\.[a-z]"
              + "|\\.java:\\d+\\)|\\b\\w+(Exception|Error)\\b|\\tat ");

  private EnvelopeCheck() {}

  public static void assertAnsweredWell(RawHttp.Request request, RawHttp.Answer answer) {
    String context =
        request
            + " -> "
            + answer.status()
            + " "
            + answer.headers()
            + " "
            + abbreviate(answer.text());
    assertThat(answer.status()).as(context).isBetween(100, 499);
    if (answer.status() >= 400 && !request.method().equals("HEAD")) {
      assertEnvelope(answer, context);
    }
  }

  /** The error envelope: parseable JSON with code, message, details and the request id. */
  public static void assertEnvelope(RawHttp.Answer answer, String context) {
    assertThat(answer.header("content-type")).as(context).startsWith("application/json");
    JsonNode error = parse(answer, context).path("error");
    assertThat(error.path("code").isTextual()).as(context).isTrue();
    assertThat(error.path("code").asText()).as(context).matches("[A-Z][A-Z0-9_]*");
    assertThat(error.path("message").isTextual()).as(context).isTrue();
    assertThat(error.has("details")).as(context).isTrue();
    assertThat(error.get("details").isNull() || error.get("details").isObject())
        .as(context)
        .isTrue();
    assertThat(error.path("requestId").asText())
        .as(context)
        .isNotEmpty()
        .isEqualTo(answer.header("x-request-id"));
    assertThat(INTERNALS.matcher(answer.text()).find()).as("internals in " + context).isFalse();
  }

  private static JsonNode parse(RawHttp.Answer answer, String context) {
    try {
      return JSON.readTree(answer.body());
    } catch (IOException e) {
      throw new AssertionError("not JSON: " + context, e);
    }
  }

  private static String abbreviate(String text) {
    return text.length() > 500 ? text.substring(0, 500) + "..." : text;
  }
}
