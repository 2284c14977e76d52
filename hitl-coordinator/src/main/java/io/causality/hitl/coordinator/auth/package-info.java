/**
 * Caller authentication of the coordinator's HTTP API: configured callers present bearer tokens and
 * hold roles ({@code submitter}, {@code operator}, {@code redeemer}); without configured callers
 * the API is open and the coordinator listens on loopback only.
 */
package io.causality.hitl.coordinator.auth;
