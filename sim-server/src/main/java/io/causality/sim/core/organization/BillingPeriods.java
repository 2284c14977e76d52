package io.causality.sim.core.organization;

import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;

/** Billing periods are calendar months in UTC. */
public final class BillingPeriods {
  private BillingPeriods() {}

  public record Period(Instant start, Instant end) {}

  public static Period containing(Instant instant) {
    YearMonth month = YearMonth.from(instant.atZone(ZoneOffset.UTC));
    return of(month);
  }

  public static Period of(YearMonth month) {
    Instant start = month.atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
    Instant end = month.plusMonths(1).atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
    return new Period(start, end);
  }
}
