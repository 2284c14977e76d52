package io.causality.sim.db;

import io.causality.common.db.Parameters;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * An experiment's finished runs, without their series ({@link StoredSeries}): one row of {@code
 * experiment_chunk_runs} a stored chunk, written in the chunk's transaction. Storing a row a run
 * was about a tenth of a worker's time (docs/performance.md, "Experiments"); a chunk's row holds up
 * to hundreds of runs, and its primary key still makes a chunk stored once.
 *
 * <p>Every stored chunk holds all of its runs, failed ones too, so the stored runs are the union of
 * the stored chunks: the {@code offset}-th stored run is found from the chunks' sizes alone.
 *
 * <p>A chunk's row: a format byte ({@value #FORMAT}), the run count, then each run in run order:
 * its index, status, seed, a byte of flags saying which of the nullable fields follow, and those
 * fields (final b, losses, paradoxes, ticks to breach, kept simulation, error), in that order.
 */
public final class StoredRuns {
  static final int FORMAT = 1;

  private static final int FINAL_B = 1;
  private static final int LOSSES = 1 << 1;
  private static final int PARADOXES = 1 << 2;
  private static final int TICKS_TO_BREACH = 1 << 3;
  private static final int SIMULATION = 1 << 4;
  private static final int ERROR = 1 << 5;

  private static final String INSERT =
      "INSERT INTO experiment_chunk_runs (experiment_id, first_run, runs, outcomes)"
          + " VALUES (?, ?, ?, ?)";
  private static final String SIZES =
      "SELECT first_run, runs FROM experiment_chunk_runs WHERE experiment_id = ?"
          + " ORDER BY first_run";
  private static final String FROM =
      "SELECT outcomes FROM experiment_chunk_runs WHERE experiment_id = ? AND first_run >= ?"
          + " ORDER BY first_run LIMIT ?";
  private static final String COUNT =
      "SELECT COALESCE(SUM(runs), 0) FROM experiment_chunk_runs WHERE experiment_id = ?";
  private static final String CHUNK_STORED =
      "SELECT COUNT(*) FROM experiment_chunk_runs WHERE experiment_id = ? AND first_run = ?";

  private StoredRuns() {}

  /**
   * Stores a chunk's runs ({@code runs} in run order, failed ones too); a unique violation when the
   * chunk is stored already.
   */
  static void insertChunk(Connection connection, UUID experiment, List<ExperimentRunRow> runs)
      throws SQLException {
    insertChunkRow(connection, INSERT, experiment, runs, encodeChunk(runs));
  }

  /** A chunk's row of {@code insert}'s table: its experiment, first run, run count and bytes. */
  static void insertChunkRow(
      Connection connection,
      String insert,
      UUID experiment,
      List<ExperimentRunRow> runs,
      byte[] bytes)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(insert)) {
      Parameters.bind(statement, 1, experiment, runs.get(0).runIndex(), runs.size(), bytes);
      statement.executeUpdate();
    }
  }

  /** The stored runs in run order from the {@code offset}-th stored one, at most {@code limit}. */
  public static List<ExperimentRunRow> page(
      Connection connection, UUID experiment, long offset, int limit) throws SQLException {
    long skipped = 0;
    try (PreparedStatement statement = connection.prepareStatement(SIZES)) {
      Parameters.bind(statement, 1, experiment);
      try (ResultSet chunks = statement.executeQuery()) {
        while (chunks.next()) {
          int size = chunks.getInt(2);
          if (skipped + size > offset) {
            int skip = (int) (offset - skipped);
            return read(connection, experiment, chunks.getInt(1), skip, 0, limit);
          }
          skipped += size;
        }
      }
    }
    return List.of();
  }

  /**
   * The stored runs in run order from run {@code firstRun} on, at most {@code limit}: a long list
   * read page by page. {@code chunkSize} is the experiment's: the chunk that holds run {@code
   * firstRun} starts at most {@code chunkSize - 1} runs before it.
   */
  public static List<ExperimentRunRow> from(
      Connection connection, UUID experiment, int firstRun, int chunkSize, int limit)
      throws SQLException {
    int lowestStart = Math.max(0, firstRun - chunkSize + 1);
    return read(connection, experiment, lowestStart, 0, firstRun, limit);
  }

  /** How many runs are stored. */
  public static long count(Connection connection, UUID experiment) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(COUNT)) {
      Parameters.bind(statement, 1, experiment);
      try (ResultSet row = statement.executeQuery()) {
        row.next();
        return row.getLong(1);
      }
    }
  }

  /** Whether the chunk that starts at run {@code firstRun} is stored. */
  public static boolean chunkStored(Connection connection, UUID experiment, int firstRun)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(CHUNK_STORED)) {
      Parameters.bind(statement, 1, experiment, firstRun);
      try (ResultSet row = statement.executeQuery()) {
        row.next();
        return row.getInt(1) > 0;
      }
    }
  }

  /**
   * From the chunks that start at {@code lowestStart} or after, in run order: the runs from index
   * {@code lowestRun} on, but the first {@code skip} of them, at most {@code limit}. Each chunk
   * gives at least one run, so {@code skip + limit} chunks are enough.
   */
  private static List<ExperimentRunRow> read(
      Connection connection, UUID experiment, int lowestStart, int skip, int lowestRun, int limit)
      throws SQLException {
    List<ExperimentRunRow> runs = new ArrayList<>(Math.min(limit, 1024));
    int skipped = 0;
    try (PreparedStatement statement = connection.prepareStatement(FROM)) {
      Parameters.bind(
          statement,
          1,
          experiment,
          lowestStart,
          (int) Math.min(Integer.MAX_VALUE, (long) skip + limit));
      try (ResultSet chunks = statement.executeQuery()) {
        while (runs.size() < limit && chunks.next()) {
          for (ExperimentRunRow run : decodeChunk(experiment, chunks.getBytes(1))) {
            if (run.runIndex() < lowestRun) {
              continue;
            }
            if (skipped < skip) {
              skipped++;
            } else if (runs.size() < limit) {
              runs.add(run);
            }
          }
        }
      }
    }
    return runs;
  }

  /** A chunk's row, as stored (public for the benchmarks' least work, which stores as we do). */
  public static byte[] encodeChunk(List<ExperimentRunRow> runs) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(runs.size() * 48 + 8);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(FORMAT);
      out.writeInt(runs.size());
      for (ExperimentRunRow run : runs) {
        write(out, run);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array does not fail
    }
    return bytes.toByteArray();
  }

  static List<ExperimentRunRow> decodeChunk(UUID experiment, byte[] chunk) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(chunk))) {
      int format = in.readUnsignedByte();
      if (format != FORMAT) {
        throw new IllegalStateException("A chunk of runs in an unknown format: " + format);
      }
      int count = in.readInt();
      List<ExperimentRunRow> runs = new ArrayList<>(count);
      for (int k = 0; k < count; k++) {
        runs.add(read(in, experiment));
      }
      return runs;
    } catch (IOException e) {
      throw new IllegalStateException("A chunk of runs cut short", e);
    }
  }

  private static void write(DataOutputStream out, ExperimentRunRow run) throws IOException {
    out.writeInt(run.runIndex());
    out.writeUTF(run.status());
    out.writeLong(run.seed());
    out.writeByte(flags(run));
    if (run.finalB() != null) {
      out.writeDouble(run.finalB());
    }
    if (run.losses() != null) {
      out.writeInt(run.losses());
    }
    if (run.paradoxes() != null) {
      out.writeInt(run.paradoxes());
    }
    if (run.ticksToBreach() != null) {
      out.writeLong(run.ticksToBreach());
    }
    if (run.simulationId() != null) {
      out.writeLong(run.simulationId().getMostSignificantBits());
      out.writeLong(run.simulationId().getLeastSignificantBits());
    }
    if (run.error() != null) {
      out.writeUTF(run.error());
    }
  }

  private static int flags(ExperimentRunRow run) {
    return (run.finalB() == null ? 0 : FINAL_B)
        | (run.losses() == null ? 0 : LOSSES)
        | (run.paradoxes() == null ? 0 : PARADOXES)
        | (run.ticksToBreach() == null ? 0 : TICKS_TO_BREACH)
        | (run.simulationId() == null ? 0 : SIMULATION)
        | (run.error() == null ? 0 : ERROR);
  }

  private static ExperimentRunRow read(DataInputStream in, UUID experiment) throws IOException {
    int index = in.readInt();
    String status = in.readUTF();
    long seed = in.readLong();
    int flags = in.readUnsignedByte();
    Double finalB = (flags & FINAL_B) == 0 ? null : in.readDouble();
    Integer losses = (flags & LOSSES) == 0 ? null : in.readInt();
    Integer paradoxes = (flags & PARADOXES) == 0 ? null : in.readInt();
    Long ticksToBreach = (flags & TICKS_TO_BREACH) == 0 ? null : in.readLong();
    UUID simulation = (flags & SIMULATION) == 0 ? null : new UUID(in.readLong(), in.readLong());
    String error = (flags & ERROR) == 0 ? null : in.readUTF();
    return new ExperimentRunRow(
        experiment,
        index,
        status,
        seed,
        finalB,
        losses,
        paradoxes,
        ticksToBreach,
        null,
        simulation,
        error);
  }
}
