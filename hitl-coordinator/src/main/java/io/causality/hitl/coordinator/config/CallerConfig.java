package io.causality.hitl.coordinator.config;

import io.causality.common.config.Substituted;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * A caller of the HTTP API: a name for the audit trail and the logs, its bearer token (give it
 * through an environment variable, {@code ${HITL_TOKEN_RUNTIME}}), its roles, and, for a caller
 * with the operator role, the person it is: {@code operatorId}, an operator of the policy's
 * authorities (checked at start), whose keys alone it decides with.
 */
public record CallerConfig(
    @NotBlank String id,
    @NotBlank @Size(min = 16, message = "must be at least 16 characters") @Substituted String token,
    @NotEmpty
        List<
                @Pattern(
                    regexp = "submitter|operator|redeemer",
                    message = "must be submitter, operator or redeemer")
                String>
            roles,
    String operatorId) {

  /** A caller that is no operator. */
  public CallerConfig(String id, String token, List<String> roles) {
    this(id, token, roles, null);
  }
}
