package io.causality.hitl.coordinator.core;

import static io.causality.hitl.coordinator.core.LazyExpiry.event;

import io.causality.hitl.coordinator.crypto.CoordinatorSigner;
import io.causality.hitl.coordinator.crypto.KeyRing;
import io.causality.hitl.coordinator.db.AuditEventRow;
import io.causality.hitl.coordinator.db.IssuedTokenRow;
import io.causality.hitl.coordinator.db.RedemptionTransaction;
import io.causality.hitl.coordinator.metrics.CoordinatorMetrics;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.RedeemRequest;
import io.causality.hitl.protocol.wire.RedeemResponse;
import io.causality.hitl.protocol.wire.RedeemStatus;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Single-use redemption of issued tokens, decided by a conditional UPDATE. The database work is
 * {@link RedemptionTransaction}'s, in plain JDBC: the coordinator's hot path. Every answer is
 * signed with the coordinator's own key over the redeemer's nonce ({@link CoordinatorSigner#sign}),
 * so that a redeemer can tell it from a fake coordinator's.
 */
final class TokenRedemption {
  private static final Logger LOG = LoggerFactory.getLogger(TokenRedemption.class);

  private final RedemptionTransaction tokens;
  private final LazyExpiry expiry;
  private final KeyRing keys;

  TokenRedemption(RedemptionTransaction tokens, LazyExpiry expiry, KeyRing keys) {
    this.tokens = tokens;
    this.expiry = expiry;
    this.keys = keys;
  }

  /** See {@link OverrideService#redeem(RedeemRequest, Optional)}. */
  RedeemResponse redeem(RedeemRequest body, Optional<String> caller) {
    RedeemResponse answer = answer(body, caller);
    CoordinatorMetrics.redeemed(answer.status().name());
    return answer;
  }

  private RedeemResponse answer(RedeemRequest body, Optional<String> caller) {
    Redemptions.requireBody(body);
    return keys.current().coordinator().sign(body, outcome(body, caller));
  }

  private RedeemResponse outcome(RedeemRequest body, Optional<String> caller) {
    Optional<IssuedTokenRow> found = tokens.findToken(body.tokenId());
    if (found.isEmpty()) {
      return RedeemResponse.of(RedeemStatus.UNKNOWN_TOKEN, body.tokenId());
    }
    Instant now = expiry.now();
    IssuedTokenRow token = found.get();
    return Redemptions.precheck(token, body, now)
        .orElseGet(() -> redeemOnce(token, caller.orElse("redeemer"), now));
  }

  private RedeemResponse redeemOnce(IssuedTokenRow token, String redeemer, Instant now) {
    String requestId = token.coordinatorRequestId();
    AuditEventRow redeemed = event(requestId, AuditEventType.REDEEMED, redeemer, now, null);
    if (tokens.redeem(token, redeemed)) {
      LOG.info("override token of request {} redeemed by {}", requestId, redeemer);
      return Redemptions.accepted(token, now);
    }
    LOG.warn("replayed override token of request {} refused", requestId);
    Instant first = tokens.findToken(token.tokenId()).map(IssuedTokenRow::redeemedAt).orElse(null);
    return Redemptions.replay(token, first);
  }
}
