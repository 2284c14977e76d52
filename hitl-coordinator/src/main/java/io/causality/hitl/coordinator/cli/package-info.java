/**
 * The coordinator jar's commands: {@code server}/{@code serve} with readable start-up failures, the
 * key and policy tools ({@code dev-init}, {@code keys}, {@code policy}), and the operator's {@code
 * hitl} tools with their HTTP client ({@link OperatorClient}).
 */
package io.causality.hitl.coordinator.cli;
