package io.causality.hitl.protocol.wire;

import static io.causality.hitl.protocol.wire.ApproveOverrideRequest.BLANK_KEY;
import static io.causality.hitl.protocol.wire.ApproveOverrideRequest.MAX_NOTE_LENGTH;
import static io.causality.hitl.protocol.wire.ApproveOverrideRequest.NON_BLANK;
import static io.causality.hitl.protocol.wire.ApproveOverrideRequest.NOTE_TOO_LONG;

import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * Body of {@code POST /v1/override-requests/{id}/deny}.
 *
 * @param keyId the authority key naming the denying operator; may be left out when the
 *     authenticated operator has exactly one configured key
 * @param operatorNote optional note for the audit trail
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DenyOverrideRequest(
    @Pattern(regexp = NON_BLANK, message = BLANK_KEY) String keyId,
    @Size(max = MAX_NOTE_LENGTH, message = NOTE_TOO_LONG) String operatorNote) {}
