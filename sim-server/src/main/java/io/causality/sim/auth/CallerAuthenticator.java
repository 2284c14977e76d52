package io.causality.sim.auth;

import io.causality.sim.core.ApiKeySecrets;
import io.causality.sim.core.Scope;
import io.causality.sim.db.ApiKeyDao;
import io.causality.sim.db.ApiKeyRow;
import io.causality.sim.db.MembershipDao;
import io.dropwizard.auth.Authenticator;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;

/**
 * Turns credentials into a {@link Caller}. Keys are looked up by their SHA-256, so the key
 * itself is never compared, stored or logged; bearer tokens are verified by {@link JwtVerifier}
 * and their subject's memberships loaded.
 */
public final class CallerAuthenticator implements Authenticator<Credentials, Caller> {
  private final Jdbi jdbi;
  private final Optional<JwtVerifier> jwt;

  public CallerAuthenticator(Jdbi jdbi, Optional<JwtVerifier> jwt) {
    this.jdbi = jdbi;
    this.jwt = jwt;
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
    return jdbi.withExtension(ApiKeyDao.class, dao -> dao.findActiveByHash(ApiKeySecrets.hash(key)))
        .map(row -> Caller.apiKey(row.id(), row.organizationId(), scopes(row)));
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
