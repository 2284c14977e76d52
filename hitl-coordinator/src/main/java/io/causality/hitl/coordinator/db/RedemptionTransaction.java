package io.causality.hitl.coordinator.db;

import io.causality.common.db.Parameters;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import javax.sql.DataSource;
import org.jdbi.v3.core.Jdbi;

/**
 * A redemption's database work in plain JDBC on a pooled connection: the token's read, and the one
 * durable transaction of its writes (the conditional token update that makes it single use, the
 * request's move from APPROVED to REDEEMED, and the REDEEMED event through {@link AuditAppend},
 * with the chain and the webhook outbox).
 *
 * <p>Why plain JDBC rather than a SqlObject: a redemption is the coordinator's hot path, and JDBI's
 * per-call machinery (the on-demand handle, the SqlObject attached again for each
 * {@code @CreateSqlObject} call, a statement context and a configuration copy per statement) was
 * about 30 % of its CPU time in process (docs/performance.md, "Coordinator"; docs/architecture.md,
 * "Reading the database", lists the writes that bypass the SqlObjects).
 */
public final class RedemptionTransaction {
  private static final String FIND_TOKEN =
      """
      SELECT token_id, coordinator_request_id, key_id, payload, signature,
             issued_at, expires_at, redeemed_at
      FROM issued_tokens WHERE token_id = ?
      """;
  private static final String MARK_TOKEN_REDEEMED =
      "UPDATE issued_tokens SET redeemed_at = ? WHERE token_id = ? AND redeemed_at IS NULL";
  private static final String MARK_REQUEST_REDEEMED =
      "UPDATE override_requests SET status = 'REDEEMED'"
          + " WHERE coordinator_request_id = ? AND status = 'APPROVED'";
  private static final IssuedTokenRowMapper TOKENS = new IssuedTokenRowMapper();

  private final DataSource dataSource;
  private final Jdbi jdbi;

  /**
   * @param dataSource the pool of the coordinator's database
   * @param jdbi the Jdbi on the same pool, whose {@link WebhookRoutes} route the REDEEMED event
   */
  public RedemptionTransaction(DataSource dataSource, Jdbi jdbi) {
    this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
    this.jdbi = Objects.requireNonNull(jdbi, "jdbi");
  }

  /** The token as issued, with its redemption time once redeemed. */
  public Optional<IssuedTokenRow> findToken(String tokenId) {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement statement = connection.prepareStatement(FIND_TOKEN)) {
      Parameters.bind(statement, 1, tokenId);
      try (ResultSet row = statement.executeQuery()) {
        return row.next() ? Optional.of(TOKENS.map(row, null)) : Optional.empty();
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Reading an issued token failed", e);
    }
  }

  /**
   * Redeems a token: marks it redeemed, moves its request APPROVED to REDEEMED and appends the
   * REDEEMED event, all or nothing, committed before it returns.
   *
   * @return true for the one redemption that won; false when the token was redeemed before
   * @throws IllegalStateException when the token's request is not APPROVED (a corrupt token: the
   *     redemption is rolled back) or the database fails
   */
  public boolean redeem(IssuedTokenRow token, AuditEventRow redeemed) {
    try (Connection connection = dataSource.getConnection()) {
      boolean autoCommit = connection.getAutoCommit();
      connection.setAutoCommit(false);
      try {
        boolean won = writes(connection, token, redeemed);
        connection.commit();
        return won;
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      } finally {
        connection.setAutoCommit(autoCommit);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "Redeeming the token of request " + token.coordinatorRequestId() + " failed", e);
    }
  }

  private boolean writes(Connection connection, IssuedTokenRow token, AuditEventRow redeemed)
      throws SQLException {
    if (markTokenRedeemed(connection, token.tokenId(), redeemed.occurredAt()) != 1) {
      return false;
    }
    if (update(connection, MARK_REQUEST_REDEEMED, token.coordinatorRequestId()) != 1) {
      // Rolls back the redemption: a token whose request is not APPROVED is corrupt.
      throw new IllegalStateException(
          "request " + token.coordinatorRequestId() + " of a redeemed token is not APPROVED");
    }
    AuditAppend.append(
        connection,
        jdbi.getConfig(WebhookRoutes.class),
        jdbi.getConfig(AuditCheckpoints.class),
        redeemed);
    return true;
  }

  private static int markTokenRedeemed(Connection connection, String tokenId, Instant now)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(MARK_TOKEN_REDEEMED)) {
      Parameters.bind(statement, 1, now, tokenId);
      return statement.executeUpdate();
    }
  }

  private static int update(Connection connection, String sql, String id) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      Parameters.bind(statement, 1, id);
      return statement.executeUpdate();
    }
  }
}
