package io.causality.sim.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import io.causality.sim.config.AuthConfig;
import io.dropwizard.util.Duration;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Tokens of a single sign-on issuer, verified with the keys of its JWKS URL (a local issuer on port
 * 0 here): RS256 and ES256, the key set fetched once and cached, a new key found when the issuer
 * rotates, a removed key refused, and no other algorithm.
 */
class JwksIntegrationTest {
  private static final String ISSUER = "https://sso.example";
  private static final String AUDIENCE = "sim-server";

  private final AtomicReference<JWKSet> published = new AtomicReference<>();
  private final AtomicInteger fetches = new AtomicInteger();
  private HttpServer issuer;
  private RSAKey rsa;
  private ECKey ec;

  @BeforeEach
  void startIssuer() throws Exception {
    rsa = new RSAKeyGenerator(2048).keyID("rsa-1").generate();
    ec = new ECKeyGenerator(Curve.P_256).keyID("ec-1").generate();
    published.set(new JWKSet(List.of(rsa.toPublicJWK(), ec.toPublicJWK())));
    issuer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    issuer.createContext(
        "/jwks.json",
        exchange -> {
          fetches.incrementAndGet();
          byte[] body = published.get().toString().getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    issuer.start();
  }

  @AfterEach
  void stopIssuer() {
    issuer.stop(0);
  }

  private JwtVerifier verifier(Duration minRefreshInterval) {
    AuthConfig auth = new AuthConfig();
    auth.setJwksUrl(URI.create("http://127.0.0.1:" + issuer.getAddress().getPort() + "/jwks.json"));
    auth.setIssuer(ISSUER);
    auth.setAudience(AUDIENCE);
    auth.setJwksMinRefreshInterval(minRefreshInterval);
    return auth.buildVerifier(Clock.systemUTC()).orElseThrow();
  }

  private static String token(JWSAlgorithm algorithm, String keyId, JWSSigner signer)
      throws Exception {
    Instant now = Instant.now();
    SignedJWT jwt =
        new SignedJWT(
            new JWSHeader.Builder(algorithm).type(JOSEObjectType.JWT).keyID(keyId).build(),
            new JWTClaimsSet.Builder()
                .subject("alice")
                .issuer(ISSUER)
                .audience(AUDIENCE)
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plusSeconds(600)))
                .build());
    jwt.sign(signer);
    return jwt.serialize();
  }

  @Test
  void rs256AndEs256TokensAreVerifiedWithTheIssuersKeysFetchedOnce() throws Exception {
    JwtVerifier verifier = verifier(Duration.seconds(30));
    String rs = token(JWSAlgorithm.RS256, "rsa-1", new RSASSASigner(rsa));
    String es = token(JWSAlgorithm.ES256, "ec-1", new ECDSASigner(ec));

    for (int i = 0; i < 5; i++) {
      assertThat(verifier.verifiedSubject(rs)).contains("alice");
      assertThat(verifier.verifiedSubject(es)).contains("alice");
    }
    assertThat(fetches.get()).isEqualTo(1);
  }

  @Test
  void aRotatedKeyIsFoundAndARemovedOneRefused() throws Exception {
    JwtVerifier verifier = verifier(Duration.milliseconds(0));
    assertThat(verifier.verifiedSubject(token(JWSAlgorithm.RS256, "rsa-1", new RSASSASigner(rsa))))
        .contains("alice");
    RSAKey next = new RSAKeyGenerator(2048).keyID("rsa-2").generate();
    published.set(new JWKSet(List.<JWK>of(next.toPublicJWK())));

    assertThat(verifier.verifiedSubject(token(JWSAlgorithm.RS256, "rsa-2", new RSASSASigner(next))))
        .contains("alice");
    assertThat(fetches.get()).isEqualTo(2);
    assertThat(verifier.verifiedSubject(token(JWSAlgorithm.RS256, "rsa-1", new RSASSASigner(rsa))))
        .isEmpty();
  }

  @Test
  void aKeyTheIssuerDoesNotHoldOrAnotherAlgorithmIsRefused() throws Exception {
    JwtVerifier verifier = verifier(Duration.seconds(30));
    RSAKey stranger = new RSAKeyGenerator(2048).keyID("rsa-1").generate();
    assertThat(
            verifier.verifiedSubject(
                token(JWSAlgorithm.RS256, "rsa-1", new RSASSASigner(stranger))))
        .isEmpty();
    // HS256 signed with the issuer's public key (algorithm confusion), and no secret configured
    byte[] publicKey = rsa.toPublicJWK().toRSAPublicKey().getEncoded();
    assertThat(
            verifier.verifiedSubject(token(JWSAlgorithm.HS256, "rsa-1", new MACSigner(publicKey))))
        .isEmpty();
    assertThat(verifier.verifiedSubject(token(JWSAlgorithm.RS512, "rsa-1", new RSASSASigner(rsa))))
        .isEmpty();
  }
}
