package io.causality.hitl.protocol.wire;

/** The outcome of a redemption; every outcome is an HTTP 200 answer. */
public enum RedeemStatus {
  /** Redeemed now, for the first and only time. */
  ACCEPTED,
  /** The token was redeemed before. */
  REPLAY_DETECTED,
  /** This coordinator did not issue the token. */
  UNKNOWN_TOKEN,
  /** Request hash, policy version, license or actor differ from the token's. */
  BINDING_MISMATCH,
  /** The token is past its expiry. */
  EXPIRED
}
