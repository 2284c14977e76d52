package io.causality.sim.core.organization;

import io.causality.sim.api.LicenseResponse;
import io.causality.sim.api.OrganizationDetail;
import io.causality.sim.api.OrganizationSummary;
import io.causality.sim.api.UsageHistoryItem;
import io.causality.sim.api.UsageSummary;
import io.causality.sim.core.errors.ForbiddenException;
import io.causality.sim.core.errors.LicenseNotFoundException;
import io.causality.sim.core.errors.OrganizationNotFoundException;
import io.causality.sim.db.LicenseDao;
import io.causality.sim.db.LicenseRow;
import io.causality.sim.db.LicenseTiers;
import io.causality.sim.db.OrganizationDao;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.db.UsageDao;
import io.causality.sim.db.UsageRow;
import java.time.Clock;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jdbi.v3.core.Jdbi;

/** Organizations, their license and their usage, as a caller may see them. */
public final class OrganizationService {
  private final Jdbi jdbi;
  private final LicenseTiers tiers;
  private final Clock clock;

  public OrganizationService(Jdbi jdbi, LicenseTiers tiers, Clock clock) {
    this.jdbi = Objects.requireNonNull(jdbi);
    this.tiers = Objects.requireNonNull(tiers);
    this.clock = Objects.requireNonNull(clock);
  }

  /** An API key's one organization, or every organization a user belongs to. */
  public List<OrganizationSummary> list(Caller caller) {
    if (caller.memberships().isEmpty()) {
      return List.of();
    }
    List<OrganizationRow> rows =
        jdbi.withExtension(
            OrganizationDao.class, dao -> dao.findByIds(caller.memberships().keySet()));
    return rows.stream()
        .map(
            row ->
                new OrganizationSummary(
                    row.id(),
                    row.name(),
                    row.slug(),
                    row.avatarUrl(),
                    caller.roleIn(row.id()).orElseThrow(),
                    row.createdAt()))
        .toList();
  }

  public OrganizationDetail detail(Caller caller, UUID organizationId) {
    OrganizationRow row = accessible(caller, organizationId);
    long members = jdbi.withExtension(OrganizationDao.class, dao -> dao.countMembers(row.id()));
    return new OrganizationDetail(
        row.id(), row.name(), row.slug(), row.avatarUrl(), members, row.createdAt());
  }

  public LicenseResponse license(Caller caller, UUID organizationId) {
    accessible(caller, organizationId);
    LicenseRow row = licenseOf(organizationId);
    Tier tier = tierOf(row);
    return new LicenseResponse(
        row.id(),
        row.tier(),
        row.status(),
        new LicenseResponse.Limits(
            tier.maxSimulationRuns(), tier.maxTicksPerRun(), tier.maxConcurrentSse()),
        row.currentPeriodStart(),
        row.currentPeriodEnd(),
        row.hasStripeSubscription());
  }

  public UsageSummary usageSummary(Caller caller, UUID organizationId) {
    accessible(caller, organizationId);
    Tier tier = tierOf(organizationId);
    BillingPeriods.Period period = BillingPeriods.containing(clock.instant());
    UsageRow usage =
        jdbi.withExtension(UsageDao.class, dao -> dao.find(organizationId, period.start()))
            .orElse(new UsageRow(organizationId, period.start(), period.end(), 0, 0, 0));
    return new UsageSummary(
        usage.simulationRuns(),
        usage.apiCalls(),
        usage.tickCount(),
        new UsageSummary.Limits(tier.maxSimulationRuns(), tier.maxTicksPerRun()),
        period.start(),
        period.end());
  }

  /** The most recent {@code periods} billing periods, newest first, idle ones as zeros. */
  public List<UsageHistoryItem> usageHistory(Caller caller, UUID organizationId, int periods) {
    accessible(caller, organizationId);
    YearMonth current = YearMonth.from(clock.instant().atZone(ZoneOffset.UTC));
    BillingPeriods.Period oldest = BillingPeriods.of(current.minusMonths(periods - 1L));
    Map<java.time.Instant, UsageRow> recorded =
        jdbi
            .withExtension(UsageDao.class, dao -> dao.since(organizationId, oldest.start()))
            .stream()
            .collect(Collectors.toMap(UsageRow::periodStart, Function.identity()));
    List<UsageHistoryItem> history = new ArrayList<>(periods);
    for (int back = 0; back < periods; back++) {
      BillingPeriods.Period period = BillingPeriods.of(current.minusMonths(back));
      UsageRow row = recorded.get(period.start());
      history.add(
          row == null
              ? new UsageHistoryItem(period.start(), period.end(), 0, 0, 0)
              : new UsageHistoryItem(
                  period.start(),
                  period.end(),
                  row.simulationRuns(),
                  row.apiCalls(),
                  row.tickCount()));
    }
    return history;
  }

  /** The tier whose limits apply to an organization: its license's, community without one. */
  public Tier tierOf(UUID organizationId) {
    return tiers.tierOf(organizationId).map(Tier::ofLicense).orElse(Tier.COMMUNITY);
  }

  /** The organization, when it exists (404) and the caller may see it (403). */
  private OrganizationRow accessible(Caller caller, UUID organizationId) {
    OrganizationRow row =
        jdbi.withExtension(OrganizationDao.class, dao -> dao.findById(organizationId))
            .orElseThrow(
                () -> new OrganizationNotFoundException("No organization " + organizationId));
    if (!caller.canAccess(organizationId)) {
      throw new ForbiddenException("You have no access to organization " + organizationId);
    }
    return row;
  }

  private LicenseRow licenseOf(UUID organizationId) {
    return jdbi.withExtension(LicenseDao.class, dao -> dao.findByOrganization(organizationId))
        .orElseThrow(
            () ->
                new LicenseNotFoundException("Organization " + organizationId + " has no license"));
  }

  private static Tier tierOf(LicenseRow row) {
    return Tier.ofLicense(row.tier());
  }
}
