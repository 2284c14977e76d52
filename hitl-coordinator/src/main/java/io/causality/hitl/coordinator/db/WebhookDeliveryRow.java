package io.causality.hitl.coordinator.db;

/**
 * A due row of {@code webhook_deliveries}: the event, the endpoint it goes to, and how many
 * attempts were made before.
 */
public record WebhookDeliveryRow(String eventId, String endpoint, int attempts) {}
