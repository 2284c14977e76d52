package io.causality.hitl.benchmarks;

import io.causality.hitl.protocol.client.CoordinatorClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The coordinator's callers as the drivers present them: the evaluation runtime (submits and
 * redeems) and an operator (approves and denies). Approving needs an authenticated operator, so a
 * driver against a coordinator of dev-init's deployment presents the tokens dev-init wrote; the
 * scripts of ops/bench export them as {@code HITL_TOKEN_RUNTIME} and {@code HITL_TOKEN} (the
 * operator's, as the hitl CLI reads it).
 */
final class BenchCallers {
  static final String RUNTIME_VARIABLE = "HITL_TOKEN_RUNTIME";
  static final String OPERATOR_VARIABLE = "HITL_TOKEN";

  private BenchCallers() {}

  /** A client presenting the token in the environment variable, if it is set. */
  static CoordinatorClient fromEnvironment(String url, Duration timeout, String variable) {
    return new CoordinatorClient(
        URI.create(url),
        timeout,
        Optional.ofNullable(System.getenv(variable)).filter(token -> !token.isBlank()));
  }

  /** A client presenting the token in an owner-only file of dev-init's deployment. */
  static CoordinatorClient fromFile(String url, Duration timeout, Path tokenFile) {
    try {
      return new CoordinatorClient(
          URI.create(url),
          timeout,
          Optional.of(Files.readString(tokenFile, StandardCharsets.UTF_8).strip()));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + tokenFile, e);
    }
  }
}
