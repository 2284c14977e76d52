/**
 * The coordinator jar's commands: {@code server}/{@code serve} with readable start-up failures, the
 * key and policy tools ({@code dev-init}, {@code keys}, {@code policy}), and the operator's {@code
 * hitl} tools on the one {@link io.causality.hitl.protocol.client.CoordinatorClient}.
 */
package io.causality.hitl.coordinator.cli;
