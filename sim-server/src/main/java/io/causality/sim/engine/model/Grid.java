package io.causality.sim.engine.model;

/** The plane [0, width] x [0, height]; leaving it loses an agent. */
public record Grid(double width, double height) {}
