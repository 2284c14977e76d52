package io.causality.common.metrics;

import io.prometheus.metrics.instrumentation.dropwizard5.labels.CustomLabelMapper;
import io.prometheus.metrics.instrumentation.dropwizard5.labels.MapperConfig;
import io.prometheus.metrics.model.snapshots.Labels;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The client's {@link CustomLabelMapper}, remembering its answer for each Dropwizard name. The
 * mapper tries every rule's pattern on every name at every scrape, twice (name, then labels): with
 * some 200 rules and 250 metrics, regular expressions were most of a scrape's CPU time (a profile
 * of ops/bench/scrape's load, docs/performance.md "Monitoring"). Dropwizard names are code names, a
 * fixed set, so the maps stay as small as the registry.
 */
final class CachingLabelMapper extends CustomLabelMapper {
  private final Map<String, String> names = new ConcurrentHashMap<>();
  private final Map<String, Labels> labels = new ConcurrentHashMap<>();

  CachingLabelMapper(List<MapperConfig> rules) {
    super(rules);
  }

  @Override
  public String getName(String dropwizardName) {
    return names.computeIfAbsent(dropwizardName, super::getName);
  }

  @Override
  public Labels getLabels(
      String dropwizardName, List<String> extraNames, List<String> extraValues) {
    if (!extraNames.isEmpty() || !extraValues.isEmpty()) {
      return super.getLabels(dropwizardName, extraNames, extraValues);
    }
    return labels.computeIfAbsent(
        dropwizardName, name -> super.getLabels(name, List.of(), List.of()));
  }
}
