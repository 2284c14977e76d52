package io.causality.common.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.MetricRegistryListener;
import com.codahale.metrics.Timer;
import io.prometheus.metrics.instrumentation.dropwizard.DropwizardExports;
import io.prometheus.metrics.instrumentation.dropwizard5.labels.CustomLabelMapper;
import io.prometheus.metrics.instrumentation.dropwizard5.labels.MapperConfig;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.DataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.PrometheusNaming;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every Dropwizard metric of the service, through the Prometheus client's own bridge ({@link
 * DropwizardExports}), renamed by {@link DropwizardNames} to Prometheus conventions: snake_case,
 * seconds for timers, and labels where Dropwizard builds names (a resource and its method, a status
 * class, a pool). Dropwizard's {@code jvm.*} gauges are left out: the Prometheus client's JVM
 * instrumentation exports the same figures under their conventional names.
 *
 * <p>Why a wrapper: the bridge exports one Prometheus metric per Dropwizard metric and refuses two
 * of the same name, while the conventions want one name with a label per resource method. So each
 * rule's name carries a unique tail after a colon ({@code
 * http_resource_requests_seconds:Sims:get}), which this class cuts off before merging the series of
 * one name. Nothing here writes the exposition format: the client's exporter does, from these
 * snapshots.
 */
final class DropwizardBridge implements MultiCollector {
  private static final Logger LOG = LoggerFactory.getLogger(DropwizardBridge.class);

  /** Where a rule's unique tail starts; no Prometheus name of ours contains it otherwise. */
  static final char TAIL = ':';

  private final PrometheusRegistry bridged = new PrometheusRegistry();
  // The bridged names (as the client's exporter names them) of Dropwizard's timers and counters,
  // kept up to date by a registry listener: one pass over the registry per scrape, not one per
  // kind (docs/performance.md, "Monitoring").
  private final Set<String> timers = ConcurrentHashMap.newKeySet();
  private final Set<String> counters = ConcurrentHashMap.newKeySet();
  // The exported name of each bridged name, worked out once (regular expressions).
  private final Map<String, String> timerNames = new ConcurrentHashMap<>();
  private final Map<String, String> otherNames = new ConcurrentHashMap<>();

  DropwizardBridge(MetricRegistry metrics, List<MapperConfig> rules) {
    CustomLabelMapper names = new CachingLabelMapper(rules);
    metrics.addListener(new Kinds(names));
    DropwizardExports.builder()
        .dropwizardRegistry(metrics)
        .metricFilter((name, metric) -> bridged(name))
        .customLabelMapper(names)
        // A gauge that fails (its database away) loses its sample, not the whole scrape.
        .invalidMetricHandler(DropwizardBridge::skip)
        .register(bridged);
  }

  /** Keeps {@link #timers} and {@link #counters} as Dropwizard's registry changes. */
  private final class Kinds extends MetricRegistryListener.Base {
    private final CustomLabelMapper names;

    Kinds(CustomLabelMapper names) {
      this.names = names;
    }

    /** The name the client's exporter gives the snapshot of the metric {@code name}. */
    private String exported(String name) {
      return PrometheusNaming.sanitizeMetricName(names.getName(name));
    }

    @Override
    public void onTimerAdded(String name, Timer timer) {
      timers.add(exported(name));
    }

    @Override
    public void onTimerRemoved(String name) {
      timers.remove(exported(name));
    }

    @Override
    public void onCounterAdded(String name, Counter counter) {
      counters.add(exported(name));
    }

    @Override
    public void onCounterRemoved(String name) {
      counters.remove(exported(name));
    }
  }

  /**
   * Dropwizard's {@code jvm.*} gauges are left to the JVM instrumentation, and the three timers
   * Dropwizard's Jersey listener adds beside each {@code @Timed} method ({@code .total}, {@code
   * .request.filtering}, {@code .response.filtering}: it always tracks filters) are left out: the
   * method's own timer is the request's latency, and the three others tripled the resource series,
   * which made most of a scrape's cost (docs/performance.md, "Monitoring").
   */
  private static boolean bridged(String name) {
    return !name.startsWith("jvm.") && !isFilterTimer(name);
  }

  private static boolean isFilterTimer(String name) {
    return name.endsWith(".total")
        || name.endsWith(".request.filtering")
        || name.endsWith(".response.filtering");
  }

  private static boolean skip(String metric, Exception failure) {
    LOG.debug("Dropwizard metric {} left out of this scrape: {}", metric, failure.toString());
    return true;
  }

  @Override
  public MetricSnapshots collect() {
    Map<String, List<MetricSnapshot>> byName = new LinkedHashMap<>();
    for (MetricSnapshot snapshot : bridged.scrape()) {
      String name = snapshot.getMetadata().getName();
      if (timers.contains(name)) {
        add(byName, snapshot, true);
      } else if (counters.contains(name)) {
        // A Dropwizard Counter goes up and down (requests in flight): a gauge, not a counter.
        add(byName, asGauge(snapshot), false);
      } else {
        add(byName, snapshot, false);
      }
    }
    MetricSnapshots.Builder merged = MetricSnapshots.builder();
    byName.forEach((name, parts) -> merged.metricSnapshot(merge(name, parts)));
    return merged.build();
  }

  private void add(
      Map<String, List<MetricSnapshot>> byName, MetricSnapshot snapshot, boolean timer) {
    String raw = snapshot.getMetadata().getName();
    String name =
        (timer ? timerNames : otherNames)
            .computeIfAbsent(raw, r -> DropwizardNames.prometheusName(r, timer));
    byName.computeIfAbsent(name, n -> new ArrayList<>()).add(snapshot);
  }

  private static MetricSnapshot asGauge(MetricSnapshot snapshot) {
    if (!(snapshot instanceof CounterSnapshot counter)) {
      return snapshot;
    }
    List<GaugeSnapshot.GaugeDataPointSnapshot> points = new ArrayList<>();
    for (CounterSnapshot.CounterDataPointSnapshot point : counter.getDataPoints()) {
      points.add(
          new GaugeSnapshot.GaugeDataPointSnapshot(point.getValue(), point.getLabels(), null));
    }
    return new GaugeSnapshot(counter.getMetadata(), points);
  }

  /** One snapshot of {@code name} with the data points of all the parts (one type each). */
  private static MetricSnapshot merge(String name, List<MetricSnapshot> parts) {
    MetricSnapshot first = parts.get(0);
    MetricMetadata metadata = new MetricMetadata(name, help(first, parts.size()));
    if (first instanceof CounterSnapshot) {
      return new CounterSnapshot(metadata, points(parts, CounterSnapshot.class));
    }
    if (first instanceof GaugeSnapshot) {
      return new GaugeSnapshot(metadata, points(parts, GaugeSnapshot.class));
    }
    return new SummarySnapshot(metadata, points(parts, SummarySnapshot.class));
  }

  private static String help(MetricSnapshot first, int parts) {
    String help = first.getMetadata().getHelp();
    return parts == 1 || help == null
        ? help
        : "Dropwizard metrics bridged under one name, one series each";
  }

  @SuppressWarnings("unchecked")
  private static <P extends DataPointSnapshot, S extends MetricSnapshot> List<P> points(
      List<MetricSnapshot> parts, Class<S> type) {
    List<P> points = new ArrayList<>();
    for (MetricSnapshot part : parts) {
      if (type.isInstance(part)) {
        points.addAll((List<P>) part.getDataPoints());
      } else {
        LOG.debug("Bridged metric {} mixes types; a part is left out", part.getMetadata());
      }
    }
    return points;
  }
}
