package io.causality.hitl.coordinator.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.dropwizard.util.Duration;
import io.dropwizard.validation.MaxDuration;
import io.dropwizard.validation.MinDuration;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.util.concurrent.TimeUnit;

/**
 * How many submissions and redemptions each caller may make per period, and how many submissions
 * each requester organization (docs/coordinator.md, "Rate limits"; docs/rate-limits.md). The
 * budgets are separate, so that a runaway submitter cannot starve redemptions, and one organization
 * cannot spend another's escalations.
 */
public class RateLimitsConfig {
  private boolean enabled = true;

  @Min(1)
  @Max(1_000_000)
  private int submissionsPerPeriod = 120;

  @Min(1)
  @Max(1_000_000)
  private int redemptionsPerPeriod = 1_200;

  @Min(1)
  @Max(1_000_000)
  private int submissionsPerOrganizationPerPeriod = 30;

  @NotNull
  @MinDuration(value = 1, unit = TimeUnit.MILLISECONDS)
  @MaxDuration(value = 1, unit = TimeUnit.DAYS)
  private Duration period = Duration.minutes(1);

  @JsonProperty
  public boolean isEnabled() {
    return enabled;
  }

  @JsonProperty
  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  @JsonProperty
  public int getSubmissionsPerPeriod() {
    return submissionsPerPeriod;
  }

  @JsonProperty
  public void setSubmissionsPerPeriod(int submissionsPerPeriod) {
    this.submissionsPerPeriod = submissionsPerPeriod;
  }

  @JsonProperty
  public int getRedemptionsPerPeriod() {
    return redemptionsPerPeriod;
  }

  @JsonProperty
  public void setRedemptionsPerPeriod(int redemptionsPerPeriod) {
    this.redemptionsPerPeriod = redemptionsPerPeriod;
  }

  /**
   * Submissions per requester organization and period: a submission that names its requester (from
   * a configured submitter) is charged to the requester's organization instead of the caller.
   */
  @JsonProperty
  public int getSubmissionsPerOrganizationPerPeriod() {
    return submissionsPerOrganizationPerPeriod;
  }

  @JsonProperty
  public void setSubmissionsPerOrganizationPerPeriod(int submissionsPerOrganizationPerPeriod) {
    this.submissionsPerOrganizationPerPeriod = submissionsPerOrganizationPerPeriod;
  }

  @JsonProperty
  public Duration getPeriod() {
    return period;
  }

  @JsonProperty
  public void setPeriod(Duration period) {
    this.period = period;
  }
}
