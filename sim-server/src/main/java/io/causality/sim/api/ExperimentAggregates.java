package io.causality.sim.api;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * {@code GET /v1/experiments/{id}/aggregates}: a page of combinations; {@code percentiles} says how
 * the percentiles are computed ({@code exact}: over every finished run, no sketch).
 */
public record ExperimentAggregates(
    @Schema(allowableValues = {"exact"}) String percentiles,
    List<ExperimentAggregate> data,
    Page.Pagination pagination) {
  public ExperimentAggregates {
    data = List.copyOf(data);
  }
}
