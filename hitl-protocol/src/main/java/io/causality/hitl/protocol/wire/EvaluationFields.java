package io.causality.hitl.protocol.wire;

/**
 * Member names of the evaluation request and response envelopes.
 *
 * <p>The envelopes travel as Jackson trees so that fields this library does not know pass through
 * unchanged; these names are the ones the override flow reads.
 */
public final class EvaluationFields {

  public static final String ENVELOPE_VERSION = "envelopeVersion";
  public static final String REQUEST_ID = "requestId";
  public static final String SNAPSHOT = "snapshot";
  public static final String TIMESTAMP = "timestamp";
  public static final String METRICS = "metrics";
  public static final String ACTOR_ID = "actorId";
  public static final String INTENT_ID = "intentId";
  public static final String ACTION = "action";
  public static final String OVERRIDE_TOKEN = "overrideToken";

  public static final String DECISION = "decision";
  public static final String REASON_CODE = "reasonCode";
  public static final String MODE = "mode";
  public static final String POLICY_VERSION = "policyVersion";
  public static final String ADAPTER_VERSION = "adapterVersion";
  public static final String ESCALATION = "escalation";
  public static final String ESCALATION_TYPE = "escalationType";
  public static final String GAMMA_HEADROOM = "gammaHeadroom";
  public static final String STEPS_TO_BREACH = "stepsToBreach";
  public static final String OVERRIDE_OUTCOME = "overrideOutcome";
  public static final String COORDINATOR_REQUEST_ID = "coordinatorRequestId";

  /** The adaptive evaluation detail object of a response, when the evaluator adds one. */
  public static final String ADAPTIVE = "adaptive";

  /** Inside {@link #ADAPTIVE}: the escalation the adaptive evaluator recommends. */
  public static final String ESCALATION_RECOMMENDED = "escalationRecommended";

  /** Inside {@link #ADAPTIVE}: a deterministic hash of the failure, for deduplication. */
  public static final String FAILURE_FINGERPRINT = "failureFingerprint";

  /** The actor the evaluation judged; at the top of the response or inside the detail. */
  public static final String EVALUATED_ACTOR_ID = "evaluatedActorId";

  /** The mode of the state gate. */
  public static final String MODE_STATE_GATE = "state_gate";

  /** The metric the state gate reads. */
  public static final String METRIC_GAMMA = "gamma";

  private EvaluationFields() {}
}
