package io.causality.hitl.coordinator.core;

import java.util.List;
import java.util.Set;

/**
 * The organizations whose requests a reader sees and decides (an operator caller's {@code
 * organizations}): all of them, or only the listed ones. A scoped reader does not see a request of
 * another organization, nor one without an organization (submitted without a requester), nor their
 * audit events: to it they do not exist (404).
 *
 * @param organizations the listed organizations; empty means all
 */
public record OrganizationScope(Set<String> organizations) {
  /** Every organization's requests. */
  public static final OrganizationScope ALL = new OrganizationScope(Set.of());

  public OrganizationScope {
    organizations = Set.copyOf(organizations);
  }

  /** Whether every organization is in scope. */
  public boolean all() {
    return organizations.isEmpty();
  }

  /** Whether a request of {@code organizationId} (null: none) is in scope. */
  public boolean allows(String organizationId) {
    return all() || (organizationId != null && organizations.contains(organizationId));
  }

  /** The listed organizations, sorted, for a query. */
  public List<String> list() {
    return organizations.stream().sorted().toList();
  }
}
