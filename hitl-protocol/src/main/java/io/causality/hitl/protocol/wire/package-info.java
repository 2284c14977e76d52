/**
 * The override wire contract shared by the override-request coordinator and its clients: the
 * request and answer records, the evaluation envelopes, the canonical request hash, and the signed
 * token envelope and its payload.
 *
 * <p>Plain Java and Jackson only: no Dropwizard, Jersey or JDBI. Timestamps on the wire are RFC
 * 3339 strings in UTC ({@code 2026-01-31T12:00:00.250Z}).
 */
package io.causality.hitl.protocol.wire;
