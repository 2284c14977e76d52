/**
 * Delivering audit events to the configured webhooks (docs/coordinator.md, "Webhooks"): the startup
 * checks of the endpoints, the signature, the backoff between attempts, the deliverer that works
 * off the outbox, and its metrics.
 */
package io.causality.hitl.coordinator.webhooks;
