package io.causality.sim.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import io.causality.sim.core.organization.ApiKeySecrets;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.Scope;
import io.causality.sim.db.ApiKeyDao;
import io.causality.sim.db.ApiKeyRow;
import io.causality.sim.db.MembershipDao;
import io.dropwizard.auth.Authenticator;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;

/**
 * Turns credentials into a {@link Caller}. Keys are looked up by their SHA-256, so the key itself
 * is never compared, stored or logged; bearer tokens are verified by {@link JwtVerifier} and their
 * subject's memberships loaded.
 *
 * <p>A key found active is remembered, by its hash, for {@code keyCacheTtl}: a database round trip
 * on every request was most of the cost of a simple GET. The price is that a revoked key keeps
 * working on a running instance for up to that long (docs/configuration.md). Unknown and revoked
 * keys are never remembered, so a new key works at once and guessing fills no memory.
 */
public final class CallerAuthenticator implements Authenticator<Credentials, Caller> {
  private static final int MAX_REMEMBERED_KEYS = 10_000;

  private final Jdbi jdbi;
  private final Optional<JwtVerifier> jwt;
  private final Cache<String, Caller> activeKeys;

  public CallerAuthenticator(Jdbi jdbi, Optional<JwtVerifier> jwt, Duration keyCacheTtl) {
    this(jdbi, jwt, keyCacheTtl, Ticker.systemTicker());
  }

  /** With the clock the key cache expires by: tests move it instead of waiting. */
  CallerAuthenticator(Jdbi jdbi, Optional<JwtVerifier> jwt, Duration keyCacheTtl, Ticker ticker) {
    this.jdbi = jdbi;
    this.jwt = jwt;
    this.activeKeys =
        Caffeine.newBuilder()
            .ticker(ticker)
            .expireAfterWrite(keyCacheTtl)
            .maximumSize(keyCacheTtl.isZero() ? 0 : MAX_REMEMBERED_KEYS)
            .build();
  }

  @Override
  public Optional<Caller> authenticate(Credentials credentials) {
    if (credentials instanceof Credentials.ApiKey apiKey) {
      return byApiKey(apiKey.key());
    }
    return byBearer(((Credentials.Bearer) credentials).token());
  }

  private Optional<Caller> byApiKey(String key) {
    if (!ApiKeySecrets.looksLikeKey(key)) {
      return Optional.empty();
    }
    String hash = ApiKeySecrets.hash(key);
    Caller remembered = activeKeys.getIfPresent(hash);
    if (remembered != null) {
      return Optional.of(remembered);
    }
    Optional<Caller> caller =
        jdbi.withExtension(ApiKeyDao.class, dao -> dao.findActiveByHash(hash))
            .map(row -> Caller.apiKey(row.id(), row.organizationId(), scopes(row)));
    caller.ifPresent(found -> activeKeys.put(hash, found));
    return caller;
  }

  private Optional<Caller> byBearer(String token) {
    return jwt.flatMap(verifier -> verifier.verifiedSubject(token))
        .map(subject -> Caller.user(subject, memberships(subject)));
  }

  private Map<UUID, String> memberships(String subject) {
    Map<UUID, String> roles = new LinkedHashMap<>();
    jdbi.withExtension(MembershipDao.class, dao -> dao.findByUser(subject))
        .forEach(m -> roles.put(m.organizationId(), m.role()));
    return roles;
  }

  private static Set<Scope> scopes(ApiKeyRow row) {
    Set<Scope> scopes = EnumSet.noneOf(Scope.class);
    Arrays.stream(row.scopes().split(","))
        .map(Scope::fromWireName)
        .flatMap(Optional::stream)
        .forEach(scopes::add);
    return scopes;
  }
}
