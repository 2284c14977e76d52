package io.causality.sim.usage;

import io.dropwizard.lifecycle.Managed;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Flushes the {@link UsageMeter} on a schedule, and once more when the service stops. */
public final class UsageFlusher implements Managed {
  private final UsageMeter meter;
  private final Duration interval;
  private ScheduledExecutorService executor;

  public UsageFlusher(UsageMeter meter, Duration interval) {
    this.meter = meter;
    this.interval = interval;
  }

  @Override
  public void start() {
    executor =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "usage-flusher");
              thread.setDaemon(true);
              return thread;
            });
    long millis = interval.toMillis();
    executor.scheduleWithFixedDelay(meter::flush, millis, millis, TimeUnit.MILLISECONDS);
  }

  @Override
  public void stop() throws InterruptedException {
    executor.shutdown();
    executor.awaitTermination(10, TimeUnit.SECONDS);
    meter.flush();
  }
}
