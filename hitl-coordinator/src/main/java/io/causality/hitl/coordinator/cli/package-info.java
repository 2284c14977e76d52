/**
 * The coordinator jar's commands: {@code server}/{@code serve} with readable start-up
 * failures, and the key and policy tools ({@code dev-init}, {@code keys}, {@code policy}).
 */
package io.causality.hitl.coordinator.cli;
