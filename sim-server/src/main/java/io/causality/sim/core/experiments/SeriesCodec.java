package io.causality.sim.core.experiments;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A run's collected series as stored (in its chunk's row of {@code experiment_chunk_series}) and an
 * aggregate's statistics ({@code experiment_aggregates.stats}): rows of doubles, row after row,
 * each double its eight bytes big-endian, so that the numbers are exactly those computed.
 */
public final class SeriesCodec {
  private static final VarHandle DOUBLES =
      MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.BIG_ENDIAN);

  private SeriesCodec() {}

  public static byte[] encode(double[][] rows) {
    int width = rows.length == 0 ? 0 : rows[0].length;
    ByteBuffer out = ByteBuffer.allocate(rows.length * width * Double.BYTES);
    for (double[] row : rows) {
      for (double value : row) {
        out.putDouble(value);
      }
    }
    return out.array();
  }

  public static double[][] decode(byte[] bytes, int rows) {
    int width = rows == 0 ? 0 : bytes.length / Double.BYTES / rows;
    ByteBuffer in = ByteBuffer.wrap(bytes);
    double[][] out = new double[rows][width];
    for (double[] row : out) {
      for (int k = 0; k < width; k++) {
        row[k] = in.getDouble();
      }
    }
    return out;
  }

  /**
   * One value of an encoded table of {@code width} columns that starts at byte {@code offset},
   * without decoding the rest.
   */
  static double at(byte[] bytes, int offset, int width, int row, int column) {
    return (double) DOUBLES.get(bytes, offset + (row * width + column) * Double.BYTES);
  }
}
