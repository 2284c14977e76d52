package io.causality.hitl.benchmarks;

import io.causality.hitl.protocol.crypto.Ps256;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/**
 * The least work a redemption and an approval must do in the database, as raw JDBC transactions on
 * the coordinator's own schema and database settings (the in-process coordinator's database,
 * migrated by the real changelog), one connection per thread, each transaction committed durably:
 *
 * <ul>
 *   <li>a redemption's three writes of the spec: the conditional token update that makes it single
 *       use, the request's move from APPROVED to REDEEMED, and the audit event; the audit chain
 *       (docs/coordinator-protocol.md, "Audit chain") adds the head's lock, the event's SHA-256
 *       over the previous hash, and the head's update; and the PS256 signature of the answer with
 *       the coordinator's key (docs/coordinator-protocol.md, "Redeem");
 *   <li>an approval's: two PS256 signatures (the operator's approval statement and the token
 *       payload), the approval signature's insert, the token's insert, the request's move from
 *       PENDING to APPROVED, and the audit event with the same chain work.
 * </ul>
 *
 * <p>With no webhook endpoint configured (the benchmark's deployment), the coordinator's audit
 * append queues no webhook delivery either; with endpoints, one outbox insert per endpoint would
 * belong to the least work.
 *
 * <p>No reads, checks, JSON or framework: what is left of a request when everything but its
 * required writes is taken away. The rows are made by the coordinator's own service, untimed.
 */
final class RawTransactions {
  /** Where to connect: the coordinator's URL and credentials (its generated password). */
  record Database(String url, String user, String password) {}

  /** A token the coordinator issued, and its request. */
  record Issued(String requestId, String tokenId) {}

  private static final String REDEEM_TOKEN =
      "UPDATE issued_tokens SET redeemed_at = ? WHERE token_id = ? AND redeemed_at IS NULL";
  private static final String REQUEST_REDEEMED =
      "UPDATE override_requests SET status = 'REDEEMED'"
          + " WHERE coordinator_request_id = ? AND status = 'APPROVED'";
  private static final String INSERT_TOKEN =
      "INSERT INTO issued_tokens (token_id, coordinator_request_id, key_id, payload, signature,"
          + " issued_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)";
  private static final String INSERT_APPROVAL_SIGNATURE =
      "INSERT INTO approval_signatures (event_id, coordinator_request_id, operator_id, key_id,"
          + " approved_at, signature) VALUES (?, ?, ?, ?, ?, ?)";
  private static final String REQUEST_APPROVED =
      "UPDATE override_requests SET status = 'APPROVED', decided_by = ?, decided_at = ?,"
          + " token_id = ? WHERE coordinator_request_id = ? AND status = 'PENDING'";
  private static final String LOCK_HEAD =
      "SELECT last_seq, last_hash FROM audit_chain_head WHERE id = 1 FOR UPDATE";
  private static final String INSERT_EVENT =
      "INSERT INTO audit_events (id, coordinator_request_id, event_type, actor_id, occurred_at,"
          + " note, chain_seq, previous_hash, event_hash) VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?)";
  private static final String ADVANCE_HEAD =
      "UPDATE audit_chain_head SET last_seq = ?, last_hash = ? WHERE id = 1";

  private RawTransactions() {}

  /**
   * Redemptions of {@code tokens} on {@code threads} threads, each answer signed with {@code
   * answerKey}, with {@code cpu}'s time per operation; opening the connections is neither timed nor
   * counted.
   */
  static Measurement redemptions(
      Database database, int threads, List<Issued> tokens, PrivateKey answerKey, ProcessCpu cpu)
      throws Exception {
    List<Connection> connections = connections(database, threads);
    try {
      return cpu.measure(
          () ->
              Workers.run(
                  "raw 3-write redemption transactions + PS256",
                  threads,
                  tokens,
                  (token, w) -> redeem(connections.get(w), token, answerKey)));
    } finally {
      close(connections);
    }
  }

  /** Approvals of the pending requests {@code ids} on one thread, signing {@code payload}. */
  static Measurement approvals(
      Database database, List<String> ids, String payload, PrivateKey key, ProcessCpu cpu)
      throws Exception {
    List<Connection> connections = connections(database, 1);
    try {
      return cpu.measure(
          () ->
              Workers.run(
                  "raw 2 PS256 + approval transactions",
                  1,
                  ids,
                  (id, w) -> approve(connections.get(0), id, payload, key)));
    } finally {
      close(connections);
    }
  }

  private static boolean redeem(Connection connection, Issued token, PrivateKey answerKey)
      throws SQLException {
    Timestamp now = Timestamp.from(Instant.now());
    try {
      boolean won = update(connection, REDEEM_TOKEN, now, token.tokenId()) == 1;
      won &= update(connection, REQUEST_REDEEMED, token.requestId()) == 1;
      appendEvent(connection, token.requestId(), "REDEEMED", "bench", now);
      connection.commit();
      // the answer is signed after the commit, as the coordinator does: it states the outcome
      return won & !Ps256.sign(token.tokenId() + "|ACCEPTED|" + now, answerKey).isEmpty();
    } catch (SQLException e) {
      connection.rollback();
      throw e;
    }
  }

  private static boolean approve(Connection connection, String id, String payload, PrivateKey key)
      throws SQLException {
    Timestamp now = Timestamp.from(Instant.now());
    String approval = Ps256.sign(id + "|bench|" + now, key);
    String signature = Ps256.sign(payload, key);
    String tokenId = UUID.randomUUID().toString();
    try {
      String eventId = appendEvent(connection, id, "APPROVED", "bench", now);
      update(connection, INSERT_APPROVAL_SIGNATURE, eventId, id, "bench", "bench", now, approval);
      update(connection, INSERT_TOKEN, tokenId, id, "bench", payload, signature, now, now);
      boolean won = update(connection, REQUEST_APPROVED, "bench", now, tokenId, id) == 1;
      connection.commit();
      return won;
    } catch (SQLException e) {
      connection.rollback();
      throw e;
    }
  }

  /**
   * The chain's part of an audit insert: lock the head, hash, insert, move the head.
   *
   * @return the event's id
   */
  private static String appendEvent(
      Connection connection, String requestId, String type, String actor, Timestamp at)
      throws SQLException {
    long sequence;
    String previous;
    try (PreparedStatement lock = connection.prepareStatement(LOCK_HEAD);
        ResultSet head = lock.executeQuery()) {
      head.next();
      sequence = head.getLong(1) + 1;
      previous = head.getString(2);
    }
    String id = UUID.randomUUID().toString();
    String hash = sha256(String.join("|", id, requestId, type, actor, at.toString(), previous));
    update(connection, INSERT_EVENT, id, requestId, type, actor, at, sequence, previous, hash);
    update(connection, ADVANCE_HEAD, sequence, hash);
    return id;
  }

  private static int update(Connection connection, String sql, Object... values)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      for (int i = 0; i < values.length; i++) {
        statement.setObject(i + 1, values[i]);
      }
      return statement.executeUpdate();
    }
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static List<Connection> connections(Database database, int count) throws SQLException {
    List<Connection> connections = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Connection connection =
          DriverManager.getConnection(database.url(), database.user(), database.password());
      connection.setAutoCommit(false);
      connections.add(connection);
    }
    return connections;
  }

  private static void close(List<Connection> connections) throws SQLException {
    for (Connection connection : connections) {
      connection.close();
    }
  }
}
