/**
 * {@code CoordinatorClient}, the one client of the coordinator's HTTP API (JDK HTTP client and
 * Jackson), and its {@code CoordinatorResult}.
 */
package io.causality.hitl.protocol.client;
