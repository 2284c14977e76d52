/**
 * The coordinator's domain logic, free of HTTP: submission with validation and adaptive gating,
 * lazy expiry, approval with signed tokens, denial and single-use redemption. Failures are typed
 * exceptions, one per kind, for the HTTP layer to map.
 */
package io.causality.hitl.coordinator.core;
