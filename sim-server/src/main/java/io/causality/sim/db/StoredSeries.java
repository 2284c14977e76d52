package io.causality.sim.db;

import io.causality.common.db.Parameters;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

/**
 * The collected series of an experiment's finished runs, stored once: one row of {@code
 * experiment_chunk_series} a stored chunk, written in the chunk's transaction. The aggregation
 * reads them a chunk at a time; reading 30,000 runs' series row by row took most of an
 * aggregation's CPU (docs/performance.md, "Experiments"), and a chunk's row holds hundreds of them.
 * The runs' other fields are in the chunk's row of {@code experiment_chunk_runs} ({@link
 * StoredRuns}), which the runs' list reads without the series.
 *
 * <p>A chunk's row: {@code count} and {@code width} (bytes of one run's series, as {@code
 * SeriesCodec} encodes it), then for each finished run, in run order, its index and its series.
 */
public final class StoredSeries {
  /** What the reader gives for each finished run: its series is {@code width} bytes at offset. */
  @FunctionalInterface
  public interface Visitor {
    void run(int runIndex, byte[] bytes, int offset);
  }

  private static final String INSERT =
      "INSERT INTO experiment_chunk_series (experiment_id, first_run, runs, series)"
          + " VALUES (?, ?, ?, ?)";
  private static final String CHUNKS =
      "SELECT series FROM experiment_chunk_series"
          + " WHERE experiment_id = ? AND first_run >= ? AND first_run < ? ORDER BY first_run";

  private StoredSeries() {}

  /** Stores the series of a chunk's finished runs ({@code runs} in run order, failed ones too). */
  static void insertChunk(Connection connection, UUID experiment, List<ExperimentRunRow> runs)
      throws SQLException {
    StoredRuns.insertChunkRow(connection, INSERT, experiment, runs, encodeChunk(runs));
  }

  /** A chunk's row, as stored (public for the benchmarks' least work, which stores as we do). */
  public static byte[] encodeChunk(List<ExperimentRunRow> runs) {
    List<ExperimentRunRow> done = runs.stream().filter(r -> r.series() != null).toList();
    int width = done.isEmpty() ? 0 : done.get(0).series().length;
    ByteBuffer out = ByteBuffer.allocate(2 * Integer.BYTES + done.size() * (Integer.BYTES + width));
    out.putInt(done.size()).putInt(width);
    for (ExperimentRunRow run : done) {
      out.putInt(run.runIndex()).put(run.series());
    }
    return out.array();
  }

  /**
   * Gives {@code visitor} the series of every finished run among {@code from} to {@code to}, in run
   * order. {@code chunkSize} is the experiment's: a chunk that holds run {@code from} starts at
   * most {@code chunkSize - 1} runs before it.
   */
  public static void read(
      Connection connection, UUID experiment, int from, int to, int chunkSize, Visitor visitor)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(CHUNKS)) {
      Parameters.bind(statement, 1, experiment, Math.max(0, from - chunkSize + 1), to);
      try (ResultSet chunks = statement.executeQuery()) {
        while (chunks.next()) {
          visitChunk(chunks.getBytes(1), from, to, visitor);
        }
      }
    }
  }

  private static void visitChunk(byte[] chunk, int from, int to, Visitor visitor) {
    ByteBuffer in = ByteBuffer.wrap(chunk);
    int count = in.getInt();
    int width = in.getInt();
    for (int k = 0; k < count; k++) {
      int offset = 2 * Integer.BYTES + k * (Integer.BYTES + width);
      int runIndex = in.getInt(offset);
      if (runIndex >= from && runIndex < to) {
        visitor.run(runIndex, chunk, offset + Integer.BYTES);
      }
    }
  }
}
