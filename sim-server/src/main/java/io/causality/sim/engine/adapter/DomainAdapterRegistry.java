package io.causality.sim.engine.adapter;

import java.util.List;
import java.util.Optional;

/** The domain adapters, by domain id. */
public final class DomainAdapterRegistry {
  private final List<DomainAdapter> adapters;

  private DomainAdapterRegistry(List<DomainAdapter> adapters) {
    this.adapters = List.copyOf(adapters);
  }

  public static DomainAdapterRegistry standard() {
    return new DomainAdapterRegistry(
        List.of(new SupplyChainAdapter(), new EpidemicAdapter(), new MarketAdapter()));
  }

  public List<DomainAdapter> adapters() {
    return adapters;
  }

  public List<String> domains() {
    return adapters.stream().map(DomainAdapter::domain).toList();
  }

  /** The adapter for {@code domain}; empty is the API's 404. */
  public Optional<DomainAdapter> find(String domain) {
    return adapters.stream().filter(a -> a.domain().equals(domain)).findFirst();
  }
}
