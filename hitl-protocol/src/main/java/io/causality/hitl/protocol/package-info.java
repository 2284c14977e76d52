/**
 * The override wire contract shared by the override-request coordinator and its clients.
 *
 * <p>Plain Java and Jackson only: no Dropwizard, Jersey or JDBI. It holds the wire records (token
 * envelope and payload, redemption, submission), the canonical request hash, PS256 signing, PEM key
 * handling, the signed deployment policy file and the coordinator client. Timestamps on the wire
 * are RFC 3339 strings in UTC ({@code 2026-01-31T12:00:00.250Z}).
 */
package io.causality.hitl.protocol;
