package io.causality.hitl.coordinator.monitoring;

import com.codahale.metrics.health.HealthCheck;
import io.causality.hitl.coordinator.core.AuditChainWatch;
import io.causality.hitl.coordinator.core.ChainVerification;
import java.util.Objects;

/**
 * The {@code audit-chain} health check: the events appended since the last verified point link to
 * it and hash to their stored hashes, up to the head ({@link AuditChainWatch}: incremental, never a
 * full scan per call). {@code audit verify} checks the whole chain offline.
 */
public final class AuditChainHealthCheck extends HealthCheck {
  public static final String NAME = "audit-chain";

  private final AuditChainWatch chain;

  public AuditChainHealthCheck(AuditChainWatch chain) {
    this.chain = Objects.requireNonNull(chain, "chain");
  }

  @Override
  protected Result check() {
    ChainVerification result = chain.check();
    return result.problem().isPresent()
        ? Result.unhealthy(
            "audit chain broken after sequence %d: %s", result.checked(), result.problem().get())
        : Result.healthy("audit chain verified up to sequence %d", result.checked());
  }
}
