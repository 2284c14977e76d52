package io.causality.hitl.coordinator.core;

import static io.causality.hitl.coordinator.core.Submissions.request;
import static io.causality.hitl.coordinator.core.Submissions.response;
import static io.causality.hitl.coordinator.core.Submissions.with;
import static org.assertj.core.api.Assertions.assertThat;

import io.causality.hitl.protocol.wire.ActorIds;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
import io.causality.hitl.protocol.wire.PrintableText;
import io.causality.hitl.protocol.wire.RedeemRequest;
import io.causality.hitl.protocol.wire.SubmitOverrideRequest;
import io.dropwizard.validation.BaseValidator;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The shape of the bodies the coordinator takes with {@code @Valid}: the constraints of the
 * hitl-protocol records, each violation on the member the 400's issue names.
 */
class WireConstraintsTest {
  private static final String LONG_ID = "x".repeat(256);
  private final Validator validator = BaseValidator.newValidator();

  @Test
  void aSubmissionNeedsBothEnvelopesAndALicense() {
    assertThat(paths(with(null, null, null)))
        .containsExactlyInAnyOrder("evaluationRequest", "evaluationResponse", "licenseId");
    assertThat(paths(with(request("a", null), response(), "  "))).containsExactly("licenseId");
    assertThat(paths(Submissions.valid("a", "i"))).isEmpty();
  }

  @Test
  void idsAndLabelsFitTheirColumns() {
    SubmitOverrideRequest body =
        new SubmitOverrideRequest(
            request("a", null), response(), LONG_ID, LONG_ID, null, null, LONG_ID);

    assertThat(paths(body)).containsExactlyInAnyOrder("licenseId", "actorId", "source");
    assertThat(messages(body)).containsOnly(SubmitOverrideRequest.TOO_LONG, ActorIds.INVALID);
  }

  @Test
  void idsAndLabelsHoldPrintableCharactersOnly() {
    SubmitOverrideRequest body =
        new SubmitOverrideRequest(
            request("a", null), response(), "lic\u001b[2J", "a\nb", null, null, "src\u0007");
    RedeemRequest redemption =
        new RedeemRequest(UUID.randomUUID().toString(), "h\r", 1L, "lic\u009b", "actor\u2028");

    assertThat(paths(body)).containsExactlyInAnyOrder("licenseId", "actorId", "source");
    assertThat(messages(body)).containsOnly(PrintableText.NOT_PRINTABLE, ActorIds.INVALID);
    assertThat(paths(redemption)).containsExactlyInAnyOrder("requestHash", "licenseId", "actorId");
  }

  @Test
  void decisionsNeedANonBlankKeyAPositiveLifetimeAndAShortNote() {
    String longNote = "x".repeat(ApproveOverrideRequest.MAX_NOTE_LENGTH + 1);

    assertThat(paths(new ApproveOverrideRequest(" ", longNote, 0L)))
        .containsExactlyInAnyOrder("keyId", "operatorNote", "tokenTtlMs");
    assertThat(paths(new ApproveOverrideRequest("k", "x", 1L))).isEmpty();
    // keyId may be left out (an operator with one key); blank text is refused
    assertThat(paths(new DenyOverrideRequest(null, longNote))).containsExactly("operatorNote");
    assertThat(paths(new DenyOverrideRequest("", null))).containsExactly("keyId");
    assertThat(paths(new ApproveOverrideRequest(null, null, null))).isEmpty();
    assertThat(paths(new DenyOverrideRequest("k", null))).isEmpty();
  }

  @Test
  void aRedemptionNeedsAUuidTheBindingAndALicense() {
    assertThat(paths(new RedeemRequest("not-a-uuid", null, null, " ", null)))
        .containsExactlyInAnyOrder("tokenId", "requestHash", "policyVersion", "licenseId");
    assertThat(messages(new RedeemRequest(null, "h", 1L, "l", null)))
        .containsExactly("must be a UUID");
    assertThat(paths(new RedeemRequest(UUID.randomUUID().toString(), "h", 1L, "l", null)))
        .isEmpty();
  }

  private List<String> paths(Object body) {
    return validator.validate(body).stream().map(v -> v.getPropertyPath().toString()).toList();
  }

  private List<String> messages(Object body) {
    return validator.validate(body).stream().map(ConstraintViolation::getMessage).toList();
  }
}
