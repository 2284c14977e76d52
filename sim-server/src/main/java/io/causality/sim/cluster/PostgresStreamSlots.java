package io.causality.sim.cluster;

import io.causality.sim.core.SharedStreamSlots;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;

/**
 * Stream slots in the table {@code stream_slots} (changeset 031), one row per open stream with the
 * instance that holds it. Taking one is a transaction that locks the organization's slots (a
 * transaction-scoped advisory lock), frees the slots of instances that died, counts the rest and
 * inserts one if there is room: exact across instances.
 *
 * <p>An instance is alive while it holds its advisory lock ({@link PostgresCluster}); the database
 * releases it when the instance's process or connection dies, so a dead holder's slots are freed by
 * the next acquisition for its organization, and by {@link #sweep}, which the cluster runs every
 * {@code playback.orphanSweepInterval}.
 */
public final class PostgresStreamSlots implements SharedStreamSlots {
  /** The first key of the organizations' transaction locks, apart from the instances' locks. */
  static final int ORGANIZATION_LOCKS = PostgresCluster.LOCK_NAMESPACE + 1;

  /** Rows whose instance holds no lock any more: the instance is gone. */
  private static final String DEAD =
      """
      NOT EXISTS (SELECT 1 FROM pg_locks l
        WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
          AND l.classid::bigint = %d AND l.objid::bigint = stream_slots.instance_key
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()))
      """
          .formatted(PostgresCluster.LOCK_NAMESPACE);

  private final Jdbi jdbi;
  private final PostgresCluster cluster;
  private final Clock clock;

  public PostgresStreamSlots(Jdbi jdbi, PostgresCluster cluster, Clock clock) {
    this.jdbi = jdbi;
    this.cluster = cluster;
    this.clock = clock;
  }

  @Override
  public Optional<UUID> take(UUID organization, int max) {
    return jdbi.inTransaction(
        handle -> {
          // one acquisition of an organization at a time, on any instance; held to the commit
          handle
              .createQuery(
                  "SELECT 1 FROM (SELECT pg_advisory_xact_lock(:namespace, hashtext(:org))) l")
              .bind("namespace", ORGANIZATION_LOCKS)
              .bind("org", organization.toString())
              .mapTo(Integer.class)
              .one();
          freeDead(handle, organization);
          int open =
              handle
                  .createQuery("SELECT COUNT(*) FROM stream_slots WHERE organization_id = :o")
                  .bind("o", organization)
                  .mapTo(Integer.class)
                  .one();
          return open < max ? Optional.of(insert(handle, organization)) : Optional.empty();
        });
  }

  @Override
  public void release(UUID slot) {
    jdbi.useHandle(
        handle ->
            handle
                .createUpdate("DELETE FROM stream_slots WHERE id = :id")
                .bind("id", slot)
                .execute());
  }

  /** Frees the slots of every instance that died; returns how many. */
  public int sweep() {
    return jdbi.withHandle(
        handle -> handle.createUpdate("DELETE FROM stream_slots WHERE " + DEAD).execute());
  }

  private static void freeDead(Handle handle, UUID organization) {
    handle
        .createUpdate("DELETE FROM stream_slots WHERE organization_id = :o AND " + DEAD)
        .bind("o", organization)
        .execute();
  }

  private UUID insert(Handle handle, UUID organization) {
    UUID slot = UUID.randomUUID();
    handle
        .createUpdate(
            """
            INSERT INTO stream_slots (id, organization_id, instance, instance_key, opened_at)
            VALUES (:id, :organization, :instance, :key, :openedAt)
            """)
        .bind("id", slot)
        .bind("organization", organization)
        .bind("instance", cluster.self())
        .bind("key", PostgresCluster.lockKey(cluster.self()))
        .bind("openedAt", OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC))
        .execute();
    return slot;
  }
}
