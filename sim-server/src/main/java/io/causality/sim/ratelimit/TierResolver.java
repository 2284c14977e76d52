package io.causality.sim.ratelimit;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.OrganizationService;
import io.causality.sim.core.organization.Tier;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.UUID;

/**
 * The tier whose rate limits apply to a caller: an API key's organization's; for a JWT user the
 * highest among its organizations (a user working in a paid organization gets its limits
 * everywhere, as the budget is per identity, not per organization); community for a user without
 * memberships and for anonymous callers on public paths.
 *
 * <p>Tiers are cached for {@code ttl} so that limiting does not query the database on every
 * request; a license change takes effect within that time.
 */
public final class TierResolver {
  private final LoadingCache<UUID, Tier> tiers;

  public TierResolver(OrganizationService organizations, Duration ttl) {
    this.tiers =
        Caffeine.newBuilder()
            .expireAfterWrite(ttl)
            .maximumSize(10_000)
            .build(organizationId -> organizations.tierOf(organizationId));
  }

  public Tier tierOf(Optional<Caller> caller) {
    // Tier constants are declared from community up to strategic: natural order is rank.
    return caller
        .flatMap(
            c -> c.memberships().keySet().stream().map(tiers::get).max(Comparator.naturalOrder()))
        .orElse(Tier.COMMUNITY);
  }
}
