package io.causality.sim.core.organization;

import java.security.Principal;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Who is calling. An API key acts for its one organization with its scopes; a JWT user has every
 * scope and reaches the organizations it is a member of.
 *
 * @param id the API key id or the JWT subject: the identity in logs and rate limits, never a secret
 * @param memberships organization id to role ({@code owner}, {@code member}; {@code api_key} for a
 *     key's own organization)
 */
public record Caller(Kind kind, String id, Set<Scope> scopes, Map<UUID, String> memberships)
    implements Principal {

  /** How the caller authenticated. */
  public enum Kind {
    API_KEY,
    USER
  }

  public Caller {
    scopes = Set.copyOf(scopes);
    memberships = Map.copyOf(memberships);
  }

  public static Caller apiKey(UUID keyId, UUID organizationId, Set<Scope> scopes) {
    return new Caller(Kind.API_KEY, keyId.toString(), scopes, Map.of(organizationId, "api_key"));
  }

  public static Caller user(String subject, Map<UUID, String> memberships) {
    return new Caller(Kind.USER, subject, Set.of(Scope.values()), memberships);
  }

  @Override
  public String getName() {
    return kind == Kind.API_KEY ? "key:" + id : "user:" + id;
  }

  public boolean hasScope(Scope scope) {
    return scopes.contains(scope);
  }

  public boolean isApiKey() {
    return kind == Kind.API_KEY;
  }

  public boolean canAccess(UUID organizationId) {
    return memberships.containsKey(organizationId);
  }

  /** The caller's role in an organization: owner, member or api_key. */
  public Optional<String> roleIn(UUID organizationId) {
    return Optional.ofNullable(memberships.get(organizationId));
  }

  /** An API key's own organization; empty for users. */
  public Optional<UUID> keyOrganization() {
    return isApiKey() ? memberships.keySet().stream().findFirst() : Optional.empty();
  }
}
