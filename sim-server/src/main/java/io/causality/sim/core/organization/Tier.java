package io.causality.sim.core.organization;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * License tiers with their quotas, simulation sizes and per-minute rate limits (docs/licensing.md).
 * Rate limits are the spec's table; quotas and sizes are this service's decision.
 */
public enum Tier {
  COMMUNITY(100, 10_000, 1, new Size(2_000, 32, 2_000), new RateLimits(10, 60, 120)),
  PROFESSIONAL(1_000, 50_000, 5, new Size(10_000, 64, 5_000), new RateLimits(30, 300, 600)),
  ENTERPRISE(10_000, 250_000, 20, new Size(50_000, 128, 10_000), new RateLimits(100, 1_000, 3_000)),
  STRATEGIC(
      100_000, 1_000_000, 100, new Size(100_000, 256, 10_000), new RateLimits(500, 5_000, 10_000));

  /** Requests per 60-second window for each route class of the spec. */
  public record RateLimits(int create, int step, int read) {}

  /**
   * How large a simulation may be ({@code maxAgents}, {@code maxAttractors}; the strategic tier's
   * are the engine's own limits), and up to how many agents its traces and tick events carry every
   * agent by default ({@code allAgentsUpTo}): larger simulations carry only the agents that changed
   * unless the caller asks for all.
   */
  public record Size(int maxAgents, int maxAttractors, int allAgentsUpTo) {}

  private final int maxSimulationRuns;
  private final int maxTicksPerRun;
  private final int maxConcurrentSse;
  private final Size size;
  private final RateLimits rateLimits;

  Tier(
      int maxSimulationRuns,
      int maxTicksPerRun,
      int maxConcurrentSse,
      Size size,
      RateLimits rateLimits) {
    this.maxSimulationRuns = maxSimulationRuns;
    this.maxTicksPerRun = maxTicksPerRun;
    this.maxConcurrentSse = maxConcurrentSse;
    this.size = size;
    this.rateLimits = rateLimits;
  }

  /** The name on the wire and on the command line: {@code community}, {@code professional}... */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Optional<Tier> fromWireName(String name) {
    return Arrays.stream(values()).filter(t -> t.wireName().equals(name)).findFirst();
  }

  /** The limits of a license's tier (its wire name): community without a license (null). */
  public static Tier ofLicense(String tier) {
    return fromWireName(tier).orElse(COMMUNITY);
  }

  public int maxSimulationRuns() {
    return maxSimulationRuns;
  }

  public int maxTicksPerRun() {
    return maxTicksPerRun;
  }

  public int maxConcurrentSse() {
    return maxConcurrentSse;
  }

  public RateLimits rateLimits() {
    return rateLimits;
  }

  public Size size() {
    return size;
  }
}
