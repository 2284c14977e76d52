/**
 * Persistence of override requests, issued tokens and audit events: JDBI SqlObject DAOs, one per
 * aggregate, over the Liquibase schema in {@code migrations/}.
 *
 * <p>Single use and exactly-once live in the database, not in Java locks, so they hold across
 * coordinator instances sharing one database: every state change is a conditional UPDATE whose row
 * count says who won, and the audit event of a transition is written in the same transaction only
 * by the winner. Audit rows are only ever inserted.
 */
package io.causality.hitl.coordinator.db;
