/**
 * {@code hitl dashboard}: the operator panel on a Lanterna screen. {@link
 * io.causality.hitl.coordinator.cli.dashboard.OperatorPanel} is the screen model (state, keys,
 * rendering) and {@link io.causality.hitl.coordinator.cli.dashboard.Dashboard} the loop that polls
 * the coordinator and feeds it.
 */
package io.causality.hitl.coordinator.cli.dashboard;
