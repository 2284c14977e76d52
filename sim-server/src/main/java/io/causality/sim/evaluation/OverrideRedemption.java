package io.causality.sim.evaluation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.hitl.protocol.client.CoordinatorClient;
import io.causality.hitl.protocol.client.CoordinatorResult;
import io.causality.hitl.protocol.policy.OverrideTokenVerifier;
import io.causality.hitl.protocol.wire.OverrideFailureReason;
import io.causality.hitl.protocol.wire.OverrideOutcome;
import io.causality.hitl.protocol.wire.OverrideOutcomeStatus;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.OverrideTokenPayload;
import io.causality.hitl.protocol.wire.PrintableText;
import io.causality.hitl.protocol.wire.ProtocolJson;
import io.causality.hitl.protocol.wire.RedeemRequest;
import io.causality.hitl.protocol.wire.RedeemResponse;
import io.causality.hitl.protocol.wire.RedemptionStatement;
import io.causality.hitl.protocol.wire.TokenCheck;
import io.causality.sim.metrics.SimMetrics;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns an override token into an outcome: local checks first (signature, quorum, binding, expiry,
 * and whether this service applied the token before), so a forged, misbound or used token never
 * costs a coordinator call; then single-use redemption at the coordinator, whose answer must be
 * signed with the policy's coordinatorKey over this redemption's nonce. Every path that is not a
 * signed, accepted redemption of a token not applied here before is a rejection, so the original
 * decision stands (fail-closed).
 */
public final class OverrideRedemption {
  private static final Logger LOG = LoggerFactory.getLogger(OverrideRedemption.class);
  private static final ObjectMapper JSON = ProtocolJson.newMapper();
  private static final int NONCE_BYTES = 16;

  private final OverrideTokenVerifier verifier;
  private final CoordinatorClient coordinator;
  private final long policyVersion;
  private final PublicKey coordinatorKey;
  private final AppliedTokens applied;
  private final SecureRandom random;

  /**
   * @param coordinatorKey the policy's coordinatorKey: redemption answers must be signed with it
   * @param applied the tokens this service applied
   * @param random the source of the nonces
   */
  public OverrideRedemption(
      OverrideTokenVerifier verifier,
      CoordinatorClient coordinator,
      long policyVersion,
      PublicKey coordinatorKey,
      AppliedTokens applied,
      SecureRandom random) {
    this.verifier = Objects.requireNonNull(verifier, "verifier");
    this.coordinator = Objects.requireNonNull(coordinator, "coordinator");
    this.policyVersion = policyVersion;
    this.coordinatorKey = Objects.requireNonNull(coordinatorKey, "coordinatorKey");
    this.applied = Objects.requireNonNull(applied, "applied");
    this.random = Objects.requireNonNull(random, "random");
  }

  /** The outcome of the token of {@code input}, presented with {@code licenseId}. */
  public OverrideOutcome redeem(EvaluationInput input, JsonNode token, String licenseId) {
    Optional<OverrideTokenEnvelope> envelope = envelope(token);
    String tokenId = envelope.map(OverrideTokenEnvelope::tokenId).orElse(null);
    TokenCheck check =
        envelope
            .map(e -> verifier.check(e, input.json(), licenseId))
            .orElse(TokenCheck.failed(null, OverrideFailureReason.INVALID_SIGNATURE));
    OverrideOutcome outcome =
        check.ok()
            ? redeemOnce(input, check.payload(), licenseId)
            : OverrideOutcome.rejected(check.failure(), tokenId);
    audit(input, outcome);
    SimMetrics.OVERRIDES.labelValues(SimMetrics.label(metricOutcome(outcome))).inc();
    return outcome;
  }

  /** A token applied here before is a replay, whatever the coordinator would answer. */
  private OverrideOutcome redeemOnce(
      EvaluationInput input, OverrideTokenPayload payload, String licenseId) {
    if (applied.applied(payload.tokenId())) {
      return OverrideOutcome.rejected(OverrideFailureReason.REPLAY_DETECTED, payload.tokenId());
    }
    OverrideOutcome outcome = atCoordinator(input, payload, licenseId);
    if (outcome.status() == OverrideOutcomeStatus.APPLIED
        && !applied.record(payload.tokenId(), input.requestId())) {
      LOG.warn(
          "Override token of request {} was applied here meanwhile; refused as a replay",
          input.requestId());
      return OverrideOutcome.rejected(OverrideFailureReason.REPLAY_DETECTED, payload.tokenId());
    }
    return outcome;
  }

  /**
   * Redeems a token whose local check passed. Its payload's request hash is the hash of this
   * request (the check compared them), so the request is not canonicalized and hashed again.
   */
  private OverrideOutcome atCoordinator(
      EvaluationInput input, OverrideTokenPayload payload, String licenseId) {
    RedeemRequest request =
        new RedeemRequest(
            payload.tokenId(),
            payload.requestHash(),
            policyVersion,
            licenseId,
            input.actorId(),
            nonce());
    return outcome(coordinator.redeem(request), request, input);
  }

  /** A fresh random nonce, which the coordinator's signed answer must cover. */
  private String nonce() {
    byte[] bytes = new byte[NONCE_BYTES];
    random.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  private OverrideOutcome outcome(
      CoordinatorResult<RedeemResponse> result, RedeemRequest request, EvaluationInput input) {
    String tokenId = request.tokenId();
    if (result instanceof CoordinatorResult.Success<RedeemResponse> success) {
      RedeemResponse response = success.value();
      if (!tokenId.equals(response.tokenId())) {
        // A misrouted, cached or forged answer: it says nothing about the token presented.
        LOG.error(
            "Coordinator answered the redemption of request {} about another token; the"
                + " rejection stands",
            input.requestId());
        return OverrideOutcome.rejected(OverrideFailureReason.COORDINATOR_UNAVAILABLE, tokenId);
      }
      if (!RedemptionStatement.verify(request, response, coordinatorKey)) {
        // Not the coordinator's key over this redemption's nonce: a fake or replayed answer.
        LOG.error(
            "The redemption answer for request {} is not signed with the policy's"
                + " coordinatorKey over this redemption; the rejection stands",
            input.requestId());
        return OverrideOutcome.rejected(OverrideFailureReason.COORDINATOR_UNAVAILABLE, tokenId);
      }
      return response.accepted()
          ? OverrideOutcome.applied(tokenId)
          : OverrideOutcome.rejected(OverrideFailureReason.of(response.status()), tokenId);
    }
    if (result instanceof CoordinatorResult.Refused<RedeemResponse> refused) {
      LOG.warn(
          "Coordinator refused the redemption of request {}: HTTP {} {}",
          input.requestId(),
          refused.httpStatus(),
          refused.errorCode());
      return OverrideOutcome.rejected(OverrideFailureReason.REDEMPTION_REFUSED, tokenId);
    }
    LOG.warn(
        "Coordinator unavailable for request {}: {}; the rejection stands",
        input.requestId(),
        ((CoordinatorResult.Unavailable<RedeemResponse>) result).reason());
    return OverrideOutcome.rejected(OverrideFailureReason.COORDINATOR_UNAVAILABLE, tokenId);
  }

  /** {@code Applied}, or the reason of the rejection ({@code ReplayDetected}...). */
  static String metricOutcome(OverrideOutcome outcome) {
    return outcome.failureReason() == null
        ? outcome.status().wireName()
        : outcome.failureReason().wireName();
  }

  /** A token that is not an envelope of strings is as good as a bad signature. */
  private static Optional<OverrideTokenEnvelope> envelope(JsonNode token) {
    if (!token.isObject()) {
      return Optional.empty();
    }
    try {
      return Optional.of(JSON.treeToValue(token, OverrideTokenEnvelope.class));
    } catch (JsonProcessingException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** The audit line of every override decision; it names the token, never its signature. */
  private static void audit(EvaluationInput input, OverrideOutcome outcome) {
    LOG.info(
        "Override {} for request {} actor {} token {}{}",
        outcome.status().wireName(),
        input.requestId(),
        input.actorId(),
        // The token id of a forged envelope is caller text that no check has read yet.
        PrintableText.escape(outcome.tokenId()),
        outcome.failureReason() == null ? "" : ": " + outcome.failureReason().wireName());
  }
}
