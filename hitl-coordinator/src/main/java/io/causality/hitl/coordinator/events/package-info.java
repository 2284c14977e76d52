/** The live stream of audit events (Server-Sent Events), fed from the database. */
package io.causality.hitl.coordinator.events;
