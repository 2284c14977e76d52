package io.causality.hitl.benchmarks;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs one operation per item on a number of threads, each taking the next item as soon as its
 * previous operation is answered (closed loop), and times every operation.
 */
final class Workers {

  /** One operation; false or an exception counts as an error. */
  interface Operation<T> {
    boolean run(T item, int worker) throws Exception;
  }

  private Workers() {}

  static <T> Measurement run(String name, int threads, List<T> items, Operation<T> op)
      throws InterruptedException {
    return run(name, threads, items, Long.MAX_VALUE, op);
  }

  /** Stops at the end of the items or when {@code maxNanos} have passed. */
  static <T> Measurement run(
      String name, int threads, List<T> items, long maxNanos, Operation<T> op)
      throws InterruptedException {
    long[] latencies = new long[items.size()];
    AtomicInteger next = new AtomicInteger();
    AtomicInteger done = new AtomicInteger();
    AtomicInteger errors = new AtomicInteger();
    CountDownLatch finished = new CountDownLatch(threads);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    long start = System.nanoTime();
    long deadline = maxNanos == Long.MAX_VALUE ? Long.MAX_VALUE : start + maxNanos;
    for (int w = 0; w < threads; w++) {
      int worker = w;
      pool.execute(
          () -> {
            try {
              loop(items, op, worker, deadline, next, latencies, done, errors);
            } finally {
              finished.countDown();
            }
          });
    }
    finished.await();
    double seconds = (System.nanoTime() - start) / 1e9;
    pool.shutdown();
    pool.awaitTermination(10, TimeUnit.SECONDS);
    return Measurement.of(name, threads, latencies, done.get(), seconds, errors.get());
  }

  private static <T> void loop(
      List<T> items,
      Operation<T> op,
      int worker,
      long deadline,
      AtomicInteger next,
      long[] latencies,
      AtomicInteger done,
      AtomicInteger errors) {
    int i;
    while ((i = next.getAndIncrement()) < items.size() && System.nanoTime() < deadline) {
      long t0 = System.nanoTime();
      boolean ok;
      try {
        ok = op.run(items.get(i), worker);
      } catch (Exception e) {
        ok = false;
      }
      latencies[done.getAndIncrement()] = System.nanoTime() - t0;
      if (!ok) {
        errors.incrementAndGet();
      }
    }
  }
}
