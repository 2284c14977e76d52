package io.causality.sim.evaluation;

import io.causality.common.errors.ApiException;
import io.causality.common.errors.ErrorCodes;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.db.LicenseDao;
import io.causality.sim.db.LicenseRow;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;

/**
 * The license an evaluation presents: the license id of the caller's organization (the {@code id}
 * of {@code GET /v1/organizations/{id}/license}), so that a token bound to one organization's
 * license does not override another's evaluation (docs/evaluation.md, "Licenses").
 *
 * <p>A request may name the license ({@code licenseId}); it must then be its organization's, or the
 * request is a 400 whose issue names {@code licenseId}. An organization without a license cannot
 * evaluate: 403.
 */
public final class OrganizationLicenses {
  static final String FIELD = EvaluationRequests.LICENSE_ID;

  private final Jdbi jdbi;

  public OrganizationLicenses(Jdbi jdbi) {
    this.jdbi = Objects.requireNonNull(jdbi, "jdbi");
  }

  /**
   * The license of the organization {@code caller} evaluates for: an API key's own; a user's only
   * organization, or the one whose license the request names.
   */
  public String forCaller(Caller caller, Optional<String> named) {
    if (caller.isApiKey()) {
      return forOrganization(caller.keyOrganization().orElseThrow(), named);
    }
    List<UUID> organizations = List.copyOf(caller.memberships().keySet());
    if (organizations.isEmpty()) {
      throw new ApiException(403, ErrorCodes.FORBIDDEN, "You are not a member of any organization");
    }
    if (named.isPresent()) {
      return organizations.stream()
          .map(this::licenseOf)
          .flatMap(Optional::stream)
          .map(license -> license.id().toString())
          .filter(named.get()::equals)
          .findFirst()
          .orElseThrow(() -> notYours("any of your organizations"));
    }
    if (organizations.size() > 1) {
      throw ApiException.invalidField(
          FIELD,
          "is required: you belong to "
              + organizations.size()
              + " organizations; name the license"
              + " of the one you evaluate for");
    }
    return forOrganization(organizations.get(0), named);
  }

  /** The license of {@code organizationId}, which the request may name but not replace. */
  public String forOrganization(UUID organizationId, Optional<String> named) {
    String license =
        licenseOf(organizationId)
            .map(row -> row.id().toString())
            .orElseThrow(
                () ->
                    new ApiException(
                        403,
                        ErrorCodes.FORBIDDEN,
                        "Organization "
                            + organizationId
                            + " has no license: an evaluation presents its organization's"
                            + " license"));
    if (named.isPresent() && !named.get().equals(license)) {
      throw notYours("your organization (" + license + ")");
    }
    return license;
  }

  private Optional<LicenseRow> licenseOf(UUID organizationId) {
    return jdbi.withExtension(LicenseDao.class, dao -> dao.findByOrganization(organizationId));
  }

  private static ApiException notYours(String whose) {
    return ApiException.invalidField(FIELD, "is not the license of " + whose);
  }
}
