/**
 * The coordinator's own wire types; the override contract it shares with its clients lives in
 * {@code io.causality.hitl.protocol}.
 */
package io.causality.hitl.coordinator.api;
