package io.causality.sim.api;

import java.util.List;
import java.util.UUID;

/**
 * Who the caller is, as the service sees it: how it authenticated ({@code api_key} or {@code
 * user}), what it may do (its scopes; a user has every one), and its organizations with its role in
 * each. Nothing secret: no key, token or key id.
 */
public record CallerView(String kind, List<String> scopes, List<Membership> organizations) {
  /** One organization the caller reaches, and its role there. */
  public record Membership(UUID id, String role) {}
}
