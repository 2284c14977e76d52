package io.causality.hitl.coordinator.db;

import io.causality.hitl.protocol.wire.AuditCheckpoint;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.statement.UnableToExecuteStatementException;
import org.jdbi.v3.sqlobject.SqlObject;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.transaction.Transaction;

/**
 * The signed checkpoints of the audit chain (docs/coordinator-protocol.md, "Checkpoints"). They are
 * written by {@link AuditAppend} with every {@code everyEvents}-th event, and by {@link
 * #checkpointHead} on a timer and at start; read by {@code audit verify}.
 */
@RegisterRowMapper(AuditCheckpointRowMapper.class)
public interface AuditCheckpointDao extends SqlObject {

  /** Every checkpoint in chain order. */
  @SqlQuery("SELECT * FROM audit_checkpoints ORDER BY chain_seq")
  List<AuditCheckpoint> all();

  /** The checkpoint of the highest sequence. */
  @SqlQuery("SELECT * FROM audit_checkpoints ORDER BY chain_seq DESC FETCH FIRST 1 ROWS ONLY")
  Optional<AuditCheckpoint> latest();

  /**
   * Signs a checkpoint of the head when events were appended since the last one, under the head's
   * lock (so that two instances on one timer write one checkpoint), and queues it for every webhook
   * endpoint. Nothing happens without a configured signer or with an empty chain.
   *
   * @return the checkpoint written, if one was
   */
  @Transaction
  default Optional<AuditCheckpoint> checkpointHead(Instant now) {
    AuditCheckpoints config = getHandle().getConfig(AuditCheckpoints.class);
    if (config.signer().isEmpty()) {
      return Optional.empty();
    }
    try {
      Connection connection = getHandle().getConnection();
      ChainHead head = AuditAppend.lockHead(connection);
      long covered = latest().map(AuditCheckpoint::sequence).orElse(0L);
      if (head.sequence() == 0 || head.sequence() <= covered) {
        return Optional.empty();
      }
      AuditCheckpoint checkpoint = config.signer().get().sign(head.sequence(), head.hash(), now);
      AuditAppend.insertCheckpoint(
          connection, getHandle().getConfig(WebhookRoutes.class), checkpoint);
      return Optional.of(checkpoint);
    } catch (SQLException e) {
      throw new UnableToExecuteStatementException("checkpointing the audit chain failed", e, null);
    }
  }
}
