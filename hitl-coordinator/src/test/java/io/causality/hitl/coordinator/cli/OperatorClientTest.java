package io.causality.hitl.coordinator.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The client's transport failures, without a coordinator. */
class OperatorClientTest {
  @Test
  void aCoordinatorThatNeverAnswersIsUnreachableAfterTheTimeout() throws Exception {
    // The socket's backlog accepts the connection; nothing ever reads or answers.
    try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      String url = "http://127.0.0.1:" + silent.getLocalPort();
      OperatorClient client = new OperatorClient(url, Optional.empty(), Duration.ofMillis(300));

      OperatorException.Unreachable failure =
          catchThrowableOfType(
              OperatorException.Unreachable.class, () -> client.list(Optional.empty()));

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
    OperatorClient client =
        new OperatorClient(
            "http://127.0.0.1:" + port + "/",
            Optional.of("secret-token-0123456789"),
            Duration.ofSeconds(2));

    OperatorException.Unreachable failure =
        catchThrowableOfType(OperatorException.Unreachable.class, () -> client.get("some id"));

    assertThat(client.baseUrl()).isEqualTo("http://127.0.0.1:" + port);
    assertThat(failure.getMessage())
        .endsWith(": connection refused")
        .doesNotContain("secret-token");
    assertThat(client.toString()).doesNotContain("secret-token");
  }
}
