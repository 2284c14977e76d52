package io.causality.sim.auth;

import io.causality.sim.core.organization.Caller;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Who a request is charged to, for rate limits, idempotency keys and the request log: the API key
 * id ({@code key:<uuid>}), else the JWT subject ({@code user:<sub>}), else the client address
 * ({@code ip:<address>}) on public paths. Never a key or a token.
 *
 * <p>Subjects are whatever the token issuer chose; one that is long or holds characters that do not
 * belong in a log line or a database key is replaced by its SHA-256, so two users can never share
 * an identity and the value is always short and printable.
 */
public record RequestIdentity(String value) {
  static final int MAX_LENGTH = 200;

  public static RequestIdentity of(Caller caller) {
    String name = caller.getName();
    return new RequestIdentity(isPlain(name) ? name : hashed(caller.kind(), name));
  }

  public static RequestIdentity ofAddress(String remoteAddress) {
    return new RequestIdentity("ip:" + remoteAddress);
  }

  /** The authenticated caller of a request, if authentication ran and succeeded. */
  public static Optional<Caller> caller(ContainerRequestContext request) {
    return request.getSecurityContext() != null
            && request.getSecurityContext().getUserPrincipal() instanceof Caller caller
        ? Optional.of(caller)
        : Optional.empty();
  }

  /** The caller's identity, or the client address when nobody authenticated. */
  public static RequestIdentity of(ContainerRequestContext request, String remoteAddress) {
    return caller(request).map(RequestIdentity::of).orElseGet(() -> ofAddress(remoteAddress));
  }

  private static boolean isPlain(String name) {
    return name.length() <= MAX_LENGTH && name.chars().allMatch(c -> c > ' ' && c < 0x7f);
  }

  private static String hashed(Caller.Kind kind, String name) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
      return (kind == Caller.Kind.API_KEY ? "key" : "user")
          + "-sha256:"
          + HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java runtime has SHA-256", e);
    }
  }
}
