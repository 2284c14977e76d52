package io.causality.sim.core.organization;

import io.causality.sim.db.ApiKeyDao;
import io.causality.sim.db.MembershipDao;
import io.causality.sim.db.OrganizationDao;
import io.causality.sim.db.OrganizationRow;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jdbi.v3.core.Jdbi;

/**
 * What the admin commands do: create organizations with their license, add JWT members, issue API
 * keys. Inputs are checked here, so every caller gets the same rules.
 */
public final class OrganizationAdmin {
  private static final Pattern SLUG = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
  private static final int MAX_SLUG = 64;
  private static final int MAX_NAME = 200;
  private static final int MAX_USER = 200;
  private static final List<String> ROLES = List.of("owner", "member");

  private final Jdbi jdbi;
  private final Clock clock;
  private final SecureRandom random;

  public OrganizationAdmin(Jdbi jdbi, Clock clock, SecureRandom random) {
    this.jdbi = Objects.requireNonNull(jdbi);
    this.clock = Objects.requireNonNull(clock);
    this.random = Objects.requireNonNull(random);
  }

  /** A new API key: its id, and the key itself, which is shown once and never stored. */
  public record CreatedApiKey(UUID id, String key, List<String> scopes) {}

  public OrganizationRow createOrganization(String name, String slug, String tierName) {
    checkName(name);
    checkSlug(slug);
    Tier tier =
        Tier.fromWireName(tierName)
            .orElseThrow(
                () ->
                    new AdminInputException(
                        "--tier must be one of "
                            + Arrays.stream(Tier.values()).map(Tier::wireName).toList()));
    Instant now = clock.instant();
    OrganizationRow row = new OrganizationRow(UUID.randomUUID(), name.strip(), slug, null, now);
    BillingPeriods.Period period = BillingPeriods.containing(now);
    jdbi.useExtension(
        OrganizationDao.class,
        dao -> {
          if (dao.findBySlug(slug).isPresent()) {
            throw new AdminInputException("--slug " + slug + " is taken by another organization");
          }
          dao.insertWithLicense(
              row, UUID.randomUUID(), tier.wireName(), "active", period.start(), period.end());
        });
    return row;
  }

  public void addMember(String slug, String userId, String role) {
    OrganizationRow organization = organization(slug);
    if (userId == null || userId.isBlank() || userId.length() > MAX_USER) {
      throw new AdminInputException("--user must be 1 to " + MAX_USER + " characters");
    }
    if (!ROLES.contains(role)) {
      throw new AdminInputException("--role must be one of " + ROLES);
    }
    jdbi.useExtension(
        MembershipDao.class, dao -> dao.upsert(organization.id(), userId, role, clock.instant()));
  }

  public CreatedApiKey createApiKey(String slug, String scopeList) {
    OrganizationRow organization = organization(slug);
    List<String> scopes = parseScopes(scopeList);
    String key = ApiKeySecrets.generate(random);
    UUID id = UUID.randomUUID();
    jdbi.useExtension(
        ApiKeyDao.class,
        dao ->
            dao.insert(
                id,
                organization.id(),
                ApiKeySecrets.hash(key),
                key.substring(0, ApiKeySecrets.DISPLAY_PREFIX_LENGTH),
                String.join(",", scopes),
                clock.instant()));
    return new CreatedApiKey(id, key, scopes);
  }

  /** Revokes a key at once: its next request is 401. */
  public void revokeApiKey(UUID keyId) {
    int revoked = jdbi.withExtension(ApiKeyDao.class, dao -> dao.revoke(keyId, clock.instant()));
    if (revoked == 0) {
      throw new AdminInputException("--id " + keyId + ": no active API key with this id");
    }
  }

  private OrganizationRow organization(String slug) {
    return jdbi.withExtension(OrganizationDao.class, dao -> dao.findBySlug(slug))
        .orElseThrow(() -> new AdminInputException("--org " + slug + ": no such organization"));
  }

  static List<String> parseScopes(String scopeList) {
    Set<String> scopes = new LinkedHashSet<>();
    List<String> unknown = new ArrayList<>();
    for (String raw : (scopeList == null ? "" : scopeList).split(",")) {
      String scope = raw.strip();
      if (scope.isEmpty()) {
        continue;
      }
      if (Scope.fromWireName(scope).isPresent()) {
        scopes.add(scope);
      } else {
        unknown.add(scope);
      }
    }
    if (!unknown.isEmpty() || scopes.isEmpty()) {
      throw new AdminInputException(
          "--scopes takes a comma-separated list of "
              + Arrays.stream(Scope.values()).map(Scope::wireName).toList()
              + (unknown.isEmpty() ? "" : "; unknown: " + unknown));
    }
    return List.copyOf(scopes);
  }

  private static void checkName(String name) {
    if (name == null || name.isBlank() || name.length() > MAX_NAME) {
      throw new AdminInputException("--name must be 1 to " + MAX_NAME + " characters");
    }
  }

  private static void checkSlug(String slug) {
    if (slug == null || slug.length() > MAX_SLUG || !SLUG.matcher(slug).matches()) {
      throw new AdminInputException(
          "--slug must be lower-case letters, digits and single "
              + "hyphens, at most "
              + MAX_SLUG
              + " characters (for example acme-labs)");
    }
  }
}
