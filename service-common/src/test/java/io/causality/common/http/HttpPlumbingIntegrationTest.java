package io.causality.common.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.requestid.RequestIds;
import io.causality.common.testing.Await;
import io.dropwizard.core.Configuration;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Every failure path of the shared plumbing answers with the envelope and the request id. */
@ExtendWith(DropwizardExtensionsSupport.class)
class HttpPlumbingIntegrationTest {
  static final DropwizardAppExtension<Configuration> APP =
      new DropwizardAppExtension<>(
          PlumbingTestApplication.class,
          ResourceHelpers.resourceFilePath("configs/plumbing-test.yml"));

  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient http = HttpClient.newHttpClient();

  private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpRequest.Builder to(String path) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + APP.getLocalPort() + path));
  }

  private HttpResponse<String> post(String path, String contentType, String body) throws Exception {
    return send(
        to(path)
            .header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  private static JsonNode error(HttpResponse<String> response) throws IOException {
    JsonNode body = JSON.readTree(response.body());
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
    JsonNode error = body.get("error");
    assertThat(error).isNotNull();
    assertThat(error.has("details")).isTrue();
    assertThat(error.get("requestId").asText())
        .isEqualTo(response.headers().firstValue(RequestIds.HEADER).orElseThrow());
    return error;
  }

  @Test
  void successEchoesAGeneratedRequestId() throws Exception {
    HttpResponse<String> response = post("/v1/echo", "application/json", "{\"ticks\":5}");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue(RequestIds.HEADER).orElseThrow())
        .matches("[0-9a-f-]{36}");
  }

  @Test
  void entityWritersAreNotHandedTheOpenApiAnnotations() throws Exception {
    HttpResponse<String> response = send(to("/v1/echo/documented"));
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body()).isEqualTo("GET,Path,Produces");
  }

  @Test
  void clientRequestIdIsEchoedOnSuccessAndError() throws Exception {
    HttpResponse<String> ok = send(to("/v1/echo").header(RequestIds.HEADER, "trace-42"));
    assertThat(ok.headers().firstValue(RequestIds.HEADER)).hasValue("trace-42");
    HttpResponse<String> missing = send(to("/v1/none").header(RequestIds.HEADER, "trace-43"));
    assertThat(error(missing).get("requestId").asText()).isEqualTo("trace-43");
  }

  @Test
  void unsafeRequestIdIsReplaced() throws Exception {
    HttpResponse<String> response =
        send(to("/v1/echo").header(RequestIds.HEADER, "evil id with spaces"));
    assertThat(response.headers().firstValue(RequestIds.HEADER).orElseThrow())
        .isNotEqualTo("evil id with spaces")
        .matches("[0-9a-f-]{36}");
  }

  @Test
  void malformedJsonIsAValidationError() throws Exception {
    HttpResponse<String> response = post("/v1/echo", "application/json", "{\"ticks\":");
    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(error(response).get("code").asText()).isEqualTo("VALIDATION_ERROR");
    assertThat(response.body()).doesNotContain("Exception").doesNotContain("at io.");
  }

  @Test
  void wrongTypeNamesTheFieldWithoutJavaNames() throws Exception {
    HttpResponse<String> response =
        post(
            "/v1/echo",
            "application/json",
            "{\"ticks\":1,\"agents\":[{\"id\":\"a\",\"marker\":{\"x\":\"far\",\"y\":1}}]}");
    assertThat(response.statusCode()).isEqualTo(400);
    JsonNode issue = error(response).get("details").get("issues").get(0);
    assertThat(issue.get("path").asText()).isEqualTo("agents[0].marker.x");
    assertThat(issue.get("message").asText()).isEqualTo("must be a number");
    assertThat(response.body()).doesNotContain("java.").doesNotContain("io.causality");
  }

  @Test
  void constraintViolationsGiveOneIssuePerField() throws Exception {
    HttpResponse<String> response =
        post(
            "/v1/echo",
            "application/json",
            "{\"ticks\":0,\"agents\":[{\"id\":\"\",\"marker\":{\"x\":1}}]}");
    assertThat(response.statusCode()).isEqualTo(400);
    JsonNode error = error(response);
    assertThat(error.get("code").asText()).isEqualTo("VALIDATION_ERROR");
    // in the order the body record declares its members (ticks, then agents), nested paths in
    // path order
    assertThat(error.get("details").get("issues"))
        .extracting(i -> i.get("path").asText())
        .containsExactly("ticks", "agents[0].id", "agents[0].marker.y");
  }

  @Test
  void missingBodyIsAValidationError() throws Exception {
    HttpResponse<String> response = post("/v1/echo", "application/json", "");
    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(error(response).get("code").asText()).isEqualTo("VALIDATION_ERROR");
  }

  @Test
  void boundedQueryParameterIsNamedByItsWireName() throws Exception {
    HttpResponse<String> response = send(to("/v1/echo?limit=500"));
    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(error(response).get("details").get("issues").get(0).get("path").asText())
        .isEqualTo("limit");
  }

  @Test
  void unparsableQueryParameterIsAValidationErrorNamingIt() throws Exception {
    HttpResponse<String> response = send(to("/v1/echo?limit=many"));
    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(error(response).get("code").asText()).isEqualTo("VALIDATION_ERROR");
    assertThat(error(response).get("details").get("issues").findValuesAsText("path"))
        .containsExactly("limit");
  }

  @Test
  void everyBadParameterIsNamedInOneAnswerOnceOneCannotBeConverted() throws Exception {
    HttpResponse<String> response = send(to("/v1/echo/items/1-2-3-4-5?limit=0&order=up"));
    assertThat(response.statusCode()).isEqualTo(400);
    JsonNode issues = error(response).get("details").get("issues");
    assertThat(issues.findValuesAsText("path")).containsExactly("id", "limit", "order");
    assertThat(issues.get(0).get("message").asText()).isEqualTo("must be a UUID");
    assertThat(issues.get(2).get("message").asText()).isEqualTo("must be one of asc, desc");
  }

  @Test
  void typedParametersTakeTheirDefaultsAndEnumsTheirWireNames() throws Exception {
    String id = UUID.randomUUID().toString();
    HttpResponse<String> response = send(to("/v1/echo/items/" + id + "?limit=&order=desc"));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(response.body())
        .contains(id)
        .contains("\"limit\":50")
        .contains("\"order\":\"DESC\"");
  }

  @Test
  void anEnumInAnotherLetterCaseIsRefusedNamingTheAllowedValues() throws Exception {
    String id = UUID.randomUUID().toString();
    HttpResponse<String> response = send(to("/v1/echo/items/" + id + "?order=DESC"));
    assertThat(response.statusCode()).isEqualTo(400);
    JsonNode issue = error(response).get("details").get("issues").get(0);
    assertThat(issue.get("path").asText()).isEqualTo("order");
    assertThat(issue.get("message").asText()).isEqualTo("must be one of asc, desc");
  }

  @Test
  void unknownPathIsNotFound() throws Exception {
    HttpResponse<String> response = send(to("/v1/nothing-here"));
    assertThat(response.statusCode()).isEqualTo(404);
    assertThat(error(response).get("code").asText()).isEqualTo("NOT_FOUND");
  }

  @Test
  void wrongMethodIsMethodNotAllowedWithAllowHeader() throws Exception {
    HttpResponse<String> response =
        send(to("/v1/echo").method("DELETE", HttpRequest.BodyPublishers.noBody()));
    assertThat(response.statusCode()).isEqualTo(405);
    assertThat(error(response).get("code").asText()).isEqualTo("METHOD_NOT_ALLOWED");
    assertThat(response.headers().firstValue("Allow")).isPresent();
  }

  @Test
  void methodRejectedByTheServerIsAlsoAnEnvelope() throws Exception {
    HttpResponse<String> response =
        send(to("/v1/echo").method("TRACE", HttpRequest.BodyPublishers.noBody()));
    assertThat(response.statusCode()).isEqualTo(405);
    assertThat(error(response).get("code").asText()).isEqualTo("METHOD_NOT_ALLOWED");
  }

  @Test
  void unsupportedMediaTypeIs415() throws Exception {
    HttpResponse<String> response = post("/v1/echo", "text/plain", "ticks=5");
    assertThat(response.statusCode()).isEqualTo(415);
    assertThat(error(response).get("code").asText()).isEqualTo("UNSUPPORTED_MEDIA_TYPE");
  }

  @Test
  void unexpectedExceptionIs500WithoutInternals() throws Exception {
    HttpResponse<String> response = send(to("/v1/echo/boom"));
    assertThat(response.statusCode()).isEqualTo(500);
    JsonNode error = error(response);
    assertThat(error.get("code").asText()).isEqualTo("INTERNAL");
    assertThat(error.get("message").asText())
        .matches("An internal error occurred \\(error id " + "[0-9a-f]{16}\\)");
    assertThat(response.body()).doesNotContain("hunter2").doesNotContain("IllegalState");
  }

  @Test
  void aRequestRefusedBeforeItsBodyArrivedLeavesTheConnectionUsable() throws Exception {
    // 415 is decided from the headers; the rest of the body is still on its way when the
    // answer is ready. The next request on the same connection must still be answered.
    try (Socket socket = new Socket("127.0.0.1", APP.getLocalPort())) {
      String body = "x".repeat(5_000);
      String head =
          "POST /v1/echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\n"
              + RequestIds.HEADER
              + ": refused-early\r\nContent-Length: "
              + body.length()
              + "\r\n\r\n";
      socket
          .getOutputStream()
          .write((head + body.substring(0, 100)).getBytes(StandardCharsets.US_ASCII));
      socket.getOutputStream().flush();
      Await.until(
          "the server decides its answer",
          Duration.ofSeconds(10),
          () -> PlumbingTestApplication.ANSWERED.contains("refused-early"));
      String next = "GET /v1/echo HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
      socket
          .getOutputStream()
          .write((body.substring(100) + next).getBytes(StandardCharsets.US_ASCII));
      String raw = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(raw).startsWith("HTTP/1.1 415");
      assertThat(raw).contains("HTTP/1.1 200");
    }
  }

  @Test
  void malformedUriIsAnEnvelopeFromTheServer() throws Exception {
    // Java's HTTP client refuses to send such a URI, so this one goes over a raw socket.
    try (Socket socket = new Socket("127.0.0.1", APP.getLocalPort())) {
      socket
          .getOutputStream()
          .write(
              ("GET /v1/%zz HTTP/1.1\r\nHost: localhost\r\n" + "Connection: close\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      String raw = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(raw).startsWith("HTTP/1.1 400");
      assertThat(raw).containsIgnoringCase("X-Request-Id:");
      JsonNode body = JSON.readTree(raw.substring(raw.indexOf("\r\n\r\n") + 4));
      assertThat(body.get("error").get("code").asText()).isEqualTo("VALIDATION_ERROR");
    }
  }

  /** A body of {@code size} bytes that is valid JSON for the echo resource. */
  private static String echoBodyOf(int size) {
    String head = "{\"ticks\":5,\"agents\":[]";
    return head + " ".repeat(size - head.length() - 1) + "}";
  }

  @Test
  void aBodyAtTheLimitIsAccepted() throws Exception {
    HttpResponse<String> response =
        post("/v1/echo", "application/json", echoBodyOf(PlumbingTestApplication.BODY_LIMIT));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
  }

  @Test
  void aDeclaredLengthOverTheLimitIs413BeforeTheBodyIsRead() throws Exception {
    // Only the head is sent: the answer must come without waiting for the body.
    try (Socket socket = new Socket("127.0.0.1", APP.getLocalPort())) {
      socket.setSoTimeout(10_000);
      socket
          .getOutputStream()
          .write(
              ("POST /v1/echo HTTP/1.1\r\nHost: localhost\r\n"
                      + "Content-Type: application/json\r\nX-Request-Id: big-1\r\n"
                      + "Content-Length: 10000000000\r\n\r\n{")
                  .getBytes(StandardCharsets.US_ASCII));
      socket.getOutputStream().flush();
      String raw = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(raw).startsWith("HTTP/1.1 413");
      assertThat(raw).containsIgnoringCase("Connection: close");
      JsonNode error = JSON.readTree(raw.substring(raw.indexOf("\r\n\r\n") + 4)).get("error");
      assertThat(error.get("code").asText()).isEqualTo("PAYLOAD_TOO_LARGE");
      assertThat(error.get("message").asText()).contains("65536 bytes");
      assertThat(error.get("requestId").asText()).isEqualTo("big-1");
    }
  }

  /** Posts BODY to /v1/echo chunked: a publisher of unknown length makes the client chunk. */
  private HttpResponse<String> postChunked(String contentType, byte[] body) throws Exception {
    return send(
        to("/v1/echo")
            .header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))));
  }

  @Test
  void aChunkedBodyOverTheLimitIs413() throws Exception {
    byte[] body =
        echoBodyOf(PlumbingTestApplication.BODY_LIMIT + 1).getBytes(StandardCharsets.UTF_8);
    HttpResponse<String> response = postChunked("application/json", body);
    assertThat(response.statusCode()).isEqualTo(413);
    assertThat(error(response).get("code").asText()).isEqualTo("PAYLOAD_TOO_LARGE");
    assertThat(response.headers().firstValue("Connection")).hasValue("close");
  }

  @Test
  void aChunkedBodyWithinTheLimitIsAccepted() throws Exception {
    byte[] body = echoBodyOf(1000).getBytes(StandardCharsets.UTF_8);
    HttpResponse<String> response = postChunked("application/json", body);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
  }

  @Test
  void aChunkedBodyOverTheLimitOfARequestRefusedEarlyKeepsItsAnswer() throws Exception {
    // 415 is decided before the body is read; draining it then passes the limit. Regression:
    // the limit's exception escaped the drain and turned the 415 into a 500.
    byte[] body =
        "x".repeat(PlumbingTestApplication.BODY_LIMIT + 1_000).getBytes(StandardCharsets.UTF_8);
    HttpResponse<String> response = postChunked("text/plain", body);
    assertThat(response.statusCode()).isEqualTo(415);
    assertThat(error(response).get("code").asText()).isEqualTo("UNSUPPORTED_MEDIA_TYPE");
    assertThat(response.headers().firstValue("Connection")).hasValue("close");
  }
}
