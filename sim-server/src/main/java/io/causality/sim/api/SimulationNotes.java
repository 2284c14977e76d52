package io.causality.sim.api;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code PATCH /v1/simulations/{id}}, a JSON merge patch (RFC 7396) of a simulation's name and
 * note: a member left out stays as it is, {@code null} clears it, a string sets it. The members are
 * trees so that a missing one (Java null) and a JSON null ({@code NullNode}) differ; their rules
 * are checked in {@code core.SimulationHistory}.
 */
public record SimulationNotes(JsonNode label, JsonNode note) {}
