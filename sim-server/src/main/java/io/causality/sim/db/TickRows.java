package io.causality.sim.db;

import io.causality.common.db.Column;
import io.causality.common.db.LargeValues;
import io.causality.common.db.Parameters;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

/**
 * The rows that computed ticks add beside the simulation's own, in plain JDBC in the caller's
 * transaction ({@link SimulationWrites}); the only writer of prophecies and snapshots, which {@link
 * ProphecyDao} and {@link SnapshotDao} read. A status change between ticks is journaled by {@link
 * StatusChangeDao#append}, by the same rule ({@link #nextStatusSeq}).
 */
final class TickRows {
  private static final List<Column<ProphecyRow>> PROPHECY =
      List.of(
          Column.of("id", ProphecyRow::id),
          Column.of("simulation_id", ProphecyRow::simulationId),
          Column.of("seq", ProphecyRow::seq),
          Column.of("tick", ProphecyRow::tick),
          Column.of("data", ProphecyRow::data),
          Column.of("created_at", ProphecyRow::createdAt));

  /** A snapshot of a progress: the progress and one of its snapshots. */
  private record Snapshot(SimulationProgress progress, TickSnapshot snapshot) {}

  private static final List<Column<Snapshot>> SNAPSHOT =
      List.of(
          Column.of("simulation_id", s -> s.progress().id()),
          Column.of("tick", s -> s.snapshot().tick()),
          Column.of("snapshot", s -> s.snapshot().bytes()),
          Column.of("created_at", s -> s.progress().now()));
  private static final List<Column<StatusChangeRow>> STATUS_CHANGE =
      List.of(
          Column.of("simulation_id", StatusChangeRow::simulationId),
          Column.of("seq", StatusChangeRow::seq),
          Column.of("tick", StatusChangeRow::tick),
          Column.of("input_count", StatusChangeRow::inputCount),
          Column.of("status", StatusChangeRow::status),
          Column.of("previous", StatusChangeRow::previous),
          Column.of("reason", StatusChangeRow::reason),
          Column.of("speed", StatusChangeRow::speed),
          Column.of("created_at", StatusChangeRow::createdAt));

  private static final String INSERT_PROPHECY = Column.insert("prophecies", PROPHECY);
  private static final String INSERT_SNAPSHOT = Column.insert("simulation_snapshots", SNAPSHOT);
  private static final String INSERT_STATUS_CHANGE =
      Column.insert("simulation_status_changes", STATUS_CHANGE);

  /** As {@link StatusChangeDao#nextSeq}: the primary key refuses a second writer of one seq. */
  private static final String NEXT_STATUS_SEQ =
      "SELECT COALESCE(MAX(seq) + 1, 0) FROM simulation_status_changes WHERE simulation_id = ?";

  private TickRows() {}

  static void insertProphecies(Connection connection, List<ProphecyRow> rows) throws SQLException {
    if (rows.isEmpty()) {
      return;
    }
    try (PreparedStatement statement = connection.prepareStatement(INSERT_PROPHECY)) {
      for (ProphecyRow row : rows) {
        Column.bind(statement, 1, PROPHECY, row);
        statement.addBatch();
      }
      statement.executeBatch();
    }
  }

  /** Every snapshot of the progress, in one batch. */
  static void insertSnapshots(Connection connection, SimulationProgress progress)
      throws SQLException {
    if (progress.snapshots().isEmpty()) {
      return;
    }
    try (PreparedStatement statement = connection.prepareStatement(INSERT_SNAPSHOT)) {
      for (TickSnapshot snapshot : progress.snapshots()) {
        Column.bind(statement, 1, SNAPSHOT, new Snapshot(progress, snapshot));
        statement.addBatch();
      }
      LargeValues.executeBatch(statement);
    }
  }

  static void insertStatusChange(Connection connection, StatusChangeRow change)
      throws SQLException {
    execute(connection, INSERT_STATUS_CHANGE, STATUS_CHANGE, change);
  }

  static int nextStatusSeq(Connection connection, UUID simulationId) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(NEXT_STATUS_SEQ)) {
      Parameters.bind(statement, 1, simulationId);
      try (ResultSet row = statement.executeQuery()) {
        row.next();
        return row.getInt(1);
      }
    }
  }

  private static <T> void execute(
      Connection connection, String sql, List<Column<T>> columns, T record) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      Column.bind(statement, 1, columns, record);
      statement.executeUpdate();
    }
  }
}
