package io.causality.hitl.coordinator.config;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * A caller of the HTTP API: a name for the audit trail and the logs, its bearer token (give it
 * through an environment variable, {@code ${HITL_TOKEN_RUNTIME}}), and its roles.
 */
public record CallerConfig(
    @NotBlank String id,
    @NotBlank @Size(min = 16, message = "must be at least 16 characters") String token,
    @NotEmpty
        List<
                @Pattern(
                    regexp = "submitter|operator|redeemer",
                    message = "must be submitter, operator or redeemer")
                String>
            roles) {}
