package io.causality.common.db;

/**
 * Bounds the JDK's per-thread cache of temporary direct buffers, before anything writes a file.
 *
 * <p>A {@code FileChannel} write of a heap buffer goes through a direct buffer of the same size,
 * which the JDK keeps for the thread's next write, whatever its size unless {@value #MAX_CACHED}
 * says otherwise. H2 commits in the committing request thread, from a heap buffer as large as the
 * chunk: a 100,000-agent scenario makes a 16 MB chunk, so every request thread that once committed
 * one kept that much memory outside the heap, which neither {@code -Xmx} nor the heap's metrics
 * show and the unit's {@code MemoryMax} counts. Under ops/bench/sim-scale the server's native
 * "Other" memory (NMT) grew from 15 to 180 MB in 90 s and was still growing. Above {@link
 * #LIMIT_BYTES} a buffer is now allocated for its write and freed after it; the small writes of
 * ordinary commits still reuse theirs.
 */
public final class TemporaryBufferCache {
  static final String MAX_CACHED = "jdk.nio.maxCachedBufferSize";

  /** 1 MiB: an ordinary commit's chunk is far smaller, a large simulation's far larger. */
  static final long LIMIT_BYTES = 1 << 20;

  private TemporaryBufferCache() {}

  /**
   * Sets the limit unless an operator set the property explicitly ({@code JAVA_OPTS}). The JDK
   * reads it once, at the first file or socket write through a heap buffer: {@link
   * ProcessDefaults#apply} calls this first in main().
   */
  public static void bound() {
    if (System.getProperty(MAX_CACHED) == null) {
      System.setProperty(MAX_CACHED, Long.toString(LIMIT_BYTES));
    }
  }
}
