package io.causality.hitl.coordinator.db;

import io.causality.hitl.protocol.wire.AuditEventType;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jdbi.v3.core.config.JdbiConfig;

/**
 * Which configured webhook endpoints each audit event type goes to: part of the {@code Jdbi}'s
 * configuration, so that {@link AuditEventDao#insert}, the one place every audit event is written,
 * queues the event's deliveries in its own transaction whatever DAO or transition wrote it. Set
 * once at start, before anything is written; a {@code Jdbi} without routes queues nothing (the
 * admin commands, and a coordinator without webhooks).
 */
public final class WebhookRoutes implements JdbiConfig<WebhookRoutes> {
  private Map<String, Set<AuditEventType>> routes = Map.of();

  public WebhookRoutes() {}

  private WebhookRoutes(WebhookRoutes other) {
    this.routes = other.routes;
  }

  /**
   * Replaces the routes: endpoint name to the event types it is sent, an empty set meaning every
   * type.
   */
  public void set(Map<String, Set<AuditEventType>> endpointTypes) {
    this.routes = Map.copyOf(endpointTypes);
  }

  /** The endpoints an event of {@code type} is queued for. */
  public List<String> endpointsFor(AuditEventType type) {
    return routes.entrySet().stream()
        .filter(route -> route.getValue().isEmpty() || route.getValue().contains(type))
        .map(Map.Entry::getKey)
        .sorted()
        .toList();
  }

  /** Every configured endpoint: checkpoints go to all of them. */
  public List<String> allEndpoints() {
    return routes.keySet().stream().sorted().toList();
  }

  @Override
  public WebhookRoutes createCopy() {
    return new WebhookRoutes(this);
  }
}
