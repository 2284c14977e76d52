package io.causality.sim.experiments;

import io.causality.sim.core.experiments.Pacer;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Keeps interactive requests first while experiments run on this instance: a servlet filter counts
 * the API requests being served (event streams aside: they wait, they do not compute), and a run,
 * between two slices of its ticks ({@link Pacer#pause}), waits while any is, up to {@code
 * experiments.interactivePause}. A run therefore never holds a core that a request is waiting for
 * for longer than a slice; under constant interactive load, runs still advance a slice per pause.
 */
public final class InteractiveFirst implements Filter, Pacer {
  private static final long PARK_NANOS = 200_000;

  private final AtomicInteger serving = new AtomicInteger();
  private final long maxPauseNanos;

  public InteractiveFirst(java.time.Duration maxPause) {
    this.maxPauseNanos = maxPause.toNanos();
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    if (request instanceof HttpServletRequest http && http.getRequestURI().endsWith("/events")) {
      chain.doFilter(request, response);
      return;
    }
    serving.incrementAndGet();
    try {
      chain.doFilter(request, response);
    } finally {
      serving.decrementAndGet();
    }
  }

  @Override
  public void pause() {
    if (maxPauseNanos == 0 || serving.get() == 0) {
      return;
    }
    long deadline = System.nanoTime() + maxPauseNanos;
    while (serving.get() > 0 && System.nanoTime() - deadline < 0) {
      LockSupport.parkNanos(PARK_NANOS);
    }
  }

  /** Requests being served now (for tests). */
  int serving() {
    return serving.get();
  }
}
