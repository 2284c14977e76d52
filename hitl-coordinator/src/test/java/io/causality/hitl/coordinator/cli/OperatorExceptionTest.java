package io.causality.hitl.coordinator.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.hitl.protocol.client.CoordinatorClient;
import io.causality.hitl.protocol.client.CoordinatorResult;
import io.causality.hitl.protocol.wire.OverrideRequestQuery;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The CLI's reading of the client's results: exit statuses and messages, without a coordinator. */
class OperatorExceptionTest {
  @Test
  void aCoordinatorThatNeverAnswersIsUnreachableAfterTheTimeout() throws Exception {
    // The socket's backlog accepts the connection; nothing ever reads or answers.
    try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      String url = "http://127.0.0.1:" + silent.getLocalPort();
      CoordinatorClient client =
          new CoordinatorClient(URI.create(url), Duration.ofMillis(300), Optional.empty());

      OperatorException.Unreachable failure =
          catchThrowableOfType(
              OperatorException.Unreachable.class,
              () ->
                  OperatorException.answerOf(
                      client.list(OverrideRequestQuery.first(Optional.empty()))));

      assertThat(failure.exitStatus()).isEqualTo(3);
      assertThat(failure.getMessage())
          .isEqualTo("coordinator unreachable at " + url + ": no answer within 300 ms");
    }
  }

  @Test
  void theBearerTokenIsNeverPartOfAFailure() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    CoordinatorClient client =
        new CoordinatorClient(
            URI.create("http://127.0.0.1:" + port + "/"),
            Duration.ofSeconds(2),
            Optional.of("secret-token-0123456789"));

    OperatorException.Unreachable failure =
        catchThrowableOfType(
            OperatorException.Unreachable.class,
            () -> OperatorException.answerOf(client.get("some id")));

    assertThat(client.baseUrl()).isEqualTo("http://127.0.0.1:" + port);
    assertThat(failure.getMessage())
        .endsWith(": connection refused")
        .doesNotContain("secret-token");
    assertThat(client.toString()).doesNotContain("secret-token");
  }

  @Test
  void aServerErrorIsARefusalWithItsCodeAndExitsOne() throws Exception {
    var body =
        new ObjectMapper().readTree("{\"error\":{\"code\":\"INTERNAL\",\"message\":\"id 7\"}}");

    OperatorException.Refused failure =
        catchThrowableOfType(
            OperatorException.Refused.class,
            () -> OperatorException.answerOf(new CoordinatorResult.Unavailable<>("x", 500, body)));

    assertThat(failure.exitStatus()).isEqualTo(1);
    assertThat(failure.getMessage()).isEqualTo("coordinator refused (500 INTERNAL): id 7");
  }
}
