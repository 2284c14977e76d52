package io.causality.hitl.coordinator.config;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.causality.common.config.Substituted;
import io.causality.hitl.protocol.wire.Requester;
import jakarta.validation.Valid;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * A caller of the HTTP API (docs/coordinator.md, "Callers and roles"): a name for the audit trail
 * and the logs; its bearer token, either from the environment ({@code token:
 * ${HITL_TOKEN_RUNTIME}}) or from an owner-only file ({@code tokenFile}, what {@code dev-init}
 * writes); its roles; and, for a caller with the operator role, the person it is: {@code
 * operatorId}, an operator of the policy's authorities (checked at start), whose keys alone it
 * decides with, the requester identities that person holds at the submitting services ({@code
 * requesters}: four eyes refuses their approval of their own requests), and the organizations whose
 * requests it sees and decides ({@code organizations}, empty: all).
 */
public record CallerConfig(
    @NotBlank String id,
    @Size(min = 16, message = "must be at least 16 characters") @Substituted String token,
    String tokenFile,
    @NotEmpty
        List<
                @Pattern(
                    regexp = "submitter|operator|redeemer",
                    message = "must be submitter, operator or redeemer")
                String>
            roles,
    String operatorId,
    List<@NotNull @Valid Requester> requesters,
    List<@NotBlank String> organizations) {

  public CallerConfig {
    requesters = requesters == null ? List.of() : List.copyOf(requesters);
    organizations = organizations == null ? List.of() : List.copyOf(organizations);
  }

  /** A caller that is no operator. */
  public CallerConfig(String id, String token, List<String> roles) {
    this(id, token, null, roles, null, null, null);
  }

  /** Exactly one of {@code token} and {@code tokenFile}. */
  @JsonIgnore
  @AssertTrue(message = "give exactly one of token and tokenFile")
  public boolean isOneTokenSource() {
    boolean inline = token != null && !token.isEmpty();
    boolean file = tokenFile != null && !tokenFile.isBlank();
    return inline != file;
  }

  /** Keeps the token out of logs and error messages. */
  @Override
  public String toString() {
    return "CallerConfig[id=" + id + ", roles=" + roles + ", operatorId=" + operatorId + "]";
  }
}
