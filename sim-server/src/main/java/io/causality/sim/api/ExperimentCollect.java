package io.causality.sim.api;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.util.List;

/**
 * What an experiment collects of each run: {@code series} at every {@code every}-th tick (and the
 * last), and the {@code outcomes} at its end. In a request every member is optional: series {@code
 * [b]}, every ticks / 100 (at least 1), every outcome.
 */
public record ExperimentCollect(
    @ArraySchema(
            schema =
                @Schema(
                    allowableValues = {
                      "b",
                      "alive",
                      "held",
                      "straying",
                      "free",
                      "lost",
                      "meanGamma"
                    }))
        List<String> series,
    @Min(1) @Max(10_000) Integer every,
    @ArraySchema(
            schema = @Schema(allowableValues = {"finalB", "losses", "paradoxes", "ticksToBreach"}))
        List<String> outcomes) {}
