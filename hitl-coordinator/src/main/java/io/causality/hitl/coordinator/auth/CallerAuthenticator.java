package io.causality.hitl.coordinator.auth;

import io.causality.hitl.coordinator.config.CallerConfig;
import io.causality.hitl.coordinator.policy.StartupCheckException;
import io.causality.hitl.protocol.wire.Requester;
import io.dropwizard.auth.Authenticator;
import io.dropwizard.auth.Authorizer;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Maps a bearer token to the configured caller that holds it, and answers whether a caller has a
 * role. Only SHA-256 digests of the tokens are kept, and a presented token is compared with every
 * caller's digest in constant time, so neither timing nor a heap dump gives a token away. With no
 * callers configured every request is the {@link Caller#OPEN} caller.
 */
public final class CallerAuthenticator
    implements Authenticator<String, Caller>, Authorizer<Caller> {
  private record Entry(byte[] digest, Caller caller) {}

  private final List<Entry> callers;

  /**
   * @throws StartupCheckException when two callers share an id or a token, or a token file cannot
   *     be read or holds a short token
   */
  public CallerAuthenticator(List<CallerConfig> configured) {
    Map<String, Set<Requester>> requesters = requestersByOperator(configured);
    List<Entry> entries = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    for (int i = 0; i < configured.size(); i++) {
      CallerConfig config = configured.get(i);
      if (!ids.add(config.id())) {
        throw new StartupCheckException(
            "callers[" + i + "]: id " + config.id() + " is configured more than once");
      }
      Entry entry = new Entry(digest(CallerTokens.tokenOf(config, i)), caller(config, requesters));
      if (match(entries, entry.digest()).isPresent()) {
        throw new StartupCheckException(
            "callers["
                + i
                + "] ("
                + config.id()
                + "): token is the same as another caller's; give each caller its own");
      }
      entries.add(entry);
    }
    this.callers = List.copyOf(entries);
  }

  private static Caller caller(CallerConfig config, Map<String, Set<Requester>> requesters) {
    String operator = operatorOf(config);
    return new Caller(
        config.id(),
        Set.copyOf(config.roles()),
        true,
        operator,
        operator == null ? Set.of() : requesters.getOrDefault(operator, Set.of()),
        Set.copyOf(config.organizations()));
  }

  /**
   * Every requester identity of each operator, from all the callers that name it: a person with two
   * tokens is one person to four eyes.
   */
  private static Map<String, Set<Requester>> requestersByOperator(List<CallerConfig> configured) {
    Map<String, Set<Requester>> byOperator = new HashMap<>();
    for (CallerConfig config : configured) {
      String operator = operatorOf(config);
      if (operator != null) {
        byOperator.computeIfAbsent(operator, o -> new HashSet<>()).addAll(config.requesters());
      }
    }
    return byOperator;
  }

  /** The operator an operator caller is; other callers decide nothing. */
  private static String operatorOf(CallerConfig config) {
    return config.roles().contains(Roles.OPERATOR) ? config.operatorId() : null;
  }

  /** Whether no callers are configured: the API is open to this machine. */
  public boolean isOpen() {
    return callers.isEmpty();
  }

  @Override
  public Optional<Caller> authenticate(String token) {
    if (isOpen()) {
      return Optional.of(Caller.OPEN);
    }
    return token == null ? Optional.empty() : match(callers, digest(token));
  }

  @Override
  public boolean authorize(Caller caller, String role, ContainerRequestContext request) {
    return caller.hasRole(role);
  }

  /** Compares with every entry, whatever matched, so the time taken says nothing. */
  private static Optional<Caller> match(List<Entry> entries, byte[] digest) {
    Caller found = null;
    for (Entry entry : entries) {
      if (MessageDigest.isEqual(entry.digest(), digest) && found == null) {
        found = entry.caller();
      }
    }
    return Optional.ofNullable(found);
  }

  private static byte[] digest(String token) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
