package io.causality.hitl.coordinator.config;

import io.causality.hitl.protocol.wire.AuditEventType;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Set;

/**
 * A receiver of audit events (docs/coordinator.md, "Webhooks"): its name (the outbox's identity of
 * the endpoint, so keep it when the URL moves), its URL, the event types it is sent (none listed:
 * all) and the HMAC secret its deliveries are signed with (give it through an environment variable,
 * {@code ${HITL_WEBHOOK_SECRET}}). The secret and the URL (which may carry a token) are never
 * logged or shown, {@link #toString} included.
 */
public record WebhookEndpointConfig(
    @NotNull
        @Pattern(
            regexp = "[A-Za-z0-9._-]{1,64}",
            message = "must be 1 to 64 letters, digits, '.', '_' or '-'")
        String name,
    @NotBlank String url,
    List<@NotNull AuditEventType> eventTypes,
    @NotBlank @Size(min = 16, message = "must be at least 16 characters") String secret) {

  /** The event types this endpoint is sent; empty means every type. */
  public Set<AuditEventType> eventTypeSet() {
    return eventTypes == null ? Set.of() : Set.copyOf(eventTypes);
  }

  @Override
  public String toString() {
    return "WebhookEndpointConfig[name=" + name + ", eventTypes=" + eventTypes + "]";
  }
}
