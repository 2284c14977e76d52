package io.causality.sim.api;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.Map;

/**
 * The error a submission would answer now: {@code QUOTA_EXCEEDED} (403) or {@code RATE_LIMITED}
 * (429, experiments under way), with the envelope's details.
 */
public record ExperimentRefusal(
    @Schema(allowableValues = {"QUOTA_EXCEEDED", "RATE_LIMITED"}) String code,
    String message,
    Map<String, Object> details) {}
