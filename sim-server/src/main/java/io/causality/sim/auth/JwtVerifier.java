package io.causality.sim.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.BadJWTException;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.util.Optional;
import java.util.Set;

/**
 * Verifies HS256 bearer tokens with the configured secret: the signature, the algorithm (no {@code
 * none}, no other), a subject, and an expiry that has not passed (60 s clock skew).
 */
public final class JwtVerifier {
  private final MACVerifier verifier;
  private final DefaultJWTClaimsVerifier<?> claims =
      new DefaultJWTClaimsVerifier<>(null, Set.of("sub", "exp"));

  public JwtVerifier(String secret) {
    try {
      this.verifier = new MACVerifier(secret.getBytes(StandardCharsets.UTF_8));
    } catch (JOSEException e) {
      throw new IllegalArgumentException("auth.jwtSecret must be at least 32 bytes", e);
    }
  }

  /** The token's subject when the token is valid now; empty otherwise. */
  public Optional<String> verifiedSubject(String token) {
    try {
      SignedJWT jwt = SignedJWT.parse(token);
      if (!JWSAlgorithm.HS256.equals(jwt.getHeader().getAlgorithm()) || !jwt.verify(verifier)) {
        return Optional.empty();
      }
      JWTClaimsSet claimSet = jwt.getJWTClaimsSet();
      claims.verify(claimSet, null);
      return Optional.of(claimSet.getSubject()).filter(s -> !s.isBlank());
    } catch (ParseException | JOSEException | BadJWTException e) {
      return Optional.empty();
    }
  }
}
