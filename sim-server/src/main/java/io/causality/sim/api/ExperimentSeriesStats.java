package io.causality.sim.api;

import java.math.BigDecimal;
import java.util.List;

/**
 * One series of one combination: at each collected tick ({@code ticks}), over the combination's
 * finished runs, the count, mean, sample standard deviation, min, max and exact 5th, 50th and 95th
 * percentiles; numbers rounded to six decimals.
 */
public record ExperimentSeriesStats(
    List<Long> ticks,
    List<Long> count,
    List<BigDecimal> mean,
    List<BigDecimal> sd,
    List<BigDecimal> min,
    List<BigDecimal> max,
    List<BigDecimal> p5,
    List<BigDecimal> p50,
    List<BigDecimal> p95) {}
