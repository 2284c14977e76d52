package io.causality.sim.idempotency;

import io.causality.sim.db.IdempotencyScope;
import java.util.UUID;

/** What a request with an Idempotency-Key may do: run, replay, or be refused. */
public sealed interface IdempotencyOutcome {
  /** The key is this request's: run it, then complete or release the claim. */
  record Claimed(IdempotencyScope scope, UUID claimId) implements IdempotencyOutcome {}

  /** The same key and body completed before: answer the stored response. */
  record Replay(int status, String contentType, byte[] body) implements IdempotencyOutcome {}

  /** The same key is still running: 409 IDEMPOTENCY_KEY_IN_USE. */
  record InUse() implements IdempotencyOutcome {}

  /** The same key came with another body: 409 IDEMPOTENCY_KEY_REUSE. */
  record Reuse() implements IdempotencyOutcome {}

  /** The same key and body completed, but the response could not be stored: 409. */
  record NotReplayable(int status) implements IdempotencyOutcome {}
}
