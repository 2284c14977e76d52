package io.causality.sim.metrics;

import io.causality.common.metrics.CachedValue;
import io.causality.common.metrics.MonitoringFactory;
import io.causality.sim.db.MonitoringDao;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jdbi.v3.core.Jdbi;

/**
 * {@code sim_simulations{status}}: the simulations of the database by status, read at most once per
 * {@code monitoring.databaseGaugeInterval} however often Prometheus scrapes (one indexed count). On
 * a database shared by several instances each shows the same figures: aggregate with {@code max},
 * not {@code sum}.
 */
public final class SimulationGauges {
  private SimulationGauges() {}

  /** Registers the gauge; {@code statuses} are the wire names shown at zero when none has it. */
  public static void register(
      PrometheusRegistry registry, Jdbi jdbi, MonitoringFactory monitoring, List<String> statuses) {
    MonitoringDao dao = jdbi.onDemand(MonitoringDao.class);
    CachedValue<Map<String, Long>> counts =
        monitoring.cached("simulations by status", Map.of(), dao::simulationsByStatus);
    GaugeWithCallback.builder()
        .name("sim_simulations")
        .help("Simulations in the database by status (read every few seconds, not per scrape)")
        .labelNames("status")
        .callback(
            callback -> withZeros(counts.get(), statuses).forEach((s, n) -> callback.call(n, s)))
        .register(registry);
  }

  static Map<String, Long> withZeros(Map<String, Long> counts, List<String> statuses) {
    Map<String, Long> all = new TreeMap<>();
    statuses.forEach(s -> all.put(s.toLowerCase(Locale.ROOT), 0L));
    counts.forEach((s, n) -> all.put(s.toLowerCase(Locale.ROOT), n));
    return all;
  }
}
