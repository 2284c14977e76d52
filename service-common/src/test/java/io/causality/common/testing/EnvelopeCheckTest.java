package io.causality.common.testing;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The hostile-input properties are only as good as this check: it must catch each failure. */
class EnvelopeCheckTest {
  private static final RawHttp.Request GET =
      new RawHttp.Request("GET", "/v1/x", Map.of(), null, false);
  private static final String ENVELOPE =
      "{\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"No "
          + "resource at this path\",\"details\":null,\"requestId\":\"r-1\"}}";

  private static RawHttp.Answer answer(int status, String type, String body) {
    return new RawHttp.Answer(
        status,
        Map.of("content-type", type, "x-request-id", "r-1"),
        body.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void theEnvelopePasses() {
    assertThatCode(
            () -> EnvelopeCheck.assertAnsweredWell(GET, answer(404, "application/json", ENVELOPE)))
        .doesNotThrowAnyException();
  }

  @Test
  void aServerErrorFails() {
    assertThatThrownBy(
            () ->
                EnvelopeCheck.assertAnsweredWell(
                    GET,
                    answer(500, "application/json", ENVELOPE.replace("NOT_FOUND", "INTERNAL"))))
        .isInstanceOf(AssertionError.class);
  }

  @Test
  void anErrorThatIsNotTheEnvelopeFails() {
    assertThatThrownBy(
            () ->
                EnvelopeCheck.assertAnsweredWell(
                    GET, answer(400, "text/html", "<html>Bad Request</html>")))
        .isInstanceOf(AssertionError.class);
    assertThatThrownBy(
            () ->
                EnvelopeCheck.assertAnsweredWell(
                    GET,
                    answer(400, "application/json", "{\"code\":400,\"message\":\"HTTP 400\"}")))
        .isInstanceOf(AssertionError.class);
    assertThatThrownBy(
            () ->
                EnvelopeCheck.assertAnsweredWell(
                    GET, answer(404, "application/json", ENVELOPE.replace("r-1", "r-2"))))
        .isInstanceOf(AssertionError.class);
  }

  @Test
  void javaInternalsInAnErrorFail() {
    for (String leak :
        new String[] {
          "com.fasterxml.jackson.core.JsonParseException: x",
          "at io.causality.sim.Foo.bar(Foo.java:12)",
          "NullPointerException",
          "java.lang.IllegalStateException"
        }) {
      assertThatThrownBy(
              () ->
                  EnvelopeCheck.assertAnsweredWell(
                      GET,
                      answer(
                          400,
                          "application/json",
                          ENVELOPE.replace("No resource at this path", leak))))
          .as(leak)
          .isInstanceOf(AssertionError.class);
    }
  }
}
