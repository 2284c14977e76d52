package io.causality.sim.idempotency;

import io.causality.common.schedule.PeriodicTask;
import io.dropwizard.lifecycle.Managed;
import java.time.Duration;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes expired Idempotency-Keys at start and then every {@code interval}. Expired keys are
 * already ignored when a request arrives; this keeps the table from growing.
 *
 * <p>When this process is the only one serving its database (the embedded H2 file), it also frees
 * at start every claim left in flight: those requests died with an earlier process, and their
 * retries would otherwise get 409 IDEMPOTENCY_KEY_IN_USE until the in-flight timeout. Managed
 * objects start before the connectors open, so no claim of this process exists yet.
 */
public final class IdempotencyCleaner implements Managed {
  private static final Logger LOG = LoggerFactory.getLogger(IdempotencyCleaner.class);

  private final IdempotencyStore store;
  private final boolean releaseClaimsAtStart;
  private final PeriodicTask cleanups;

  public IdempotencyCleaner(
      IdempotencyStore store, Duration interval, boolean releaseClaimsAtStart) {
    this.store = Objects.requireNonNull(store);
    this.releaseClaimsAtStart = releaseClaimsAtStart;
    this.cleanups =
        new PeriodicTask(
            "idempotency-cleanup",
            IdempotencyCleaner.class,
            Duration.ZERO,
            Objects.requireNonNull(interval),
            this::purge);
  }

  @Override
  public void start() {
    if (releaseClaimsAtStart) {
      int released = store.releaseAbandonedClaims();
      if (released > 0) {
        LOG.warn(
            "Released {} Idempotency-Key claims left in flight by a previous process;"
                + " their retries run anew",
            released);
      }
    }
    cleanups.start();
  }

  @Override
  public void stop() throws InterruptedException {
    cleanups.stop();
  }

  private void purge() {
    int deleted = store.purgeExpired();
    if (deleted > 0) {
      LOG.info("Deleted {} expired Idempotency-Keys", deleted);
    }
  }
}
