package io.causality.sim.evaluation;

/**
 * The {@code escalation} of an evaluation response.
 *
 * @param escalationType {@code HUMAN_ESCALATION} for a rejected state, {@code NONE} otherwise
 * @param gammaHeadroom gamma minus the floor
 * @param stepsToBreach see {@link GateResult#stepsToBreach()}
 */
public record Escalation(String escalationType, double gammaHeadroom, long stepsToBreach) {}
