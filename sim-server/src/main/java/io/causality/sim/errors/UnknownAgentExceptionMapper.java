package io.causality.sim.errors;

import io.causality.common.errors.ErrorCodes;
import io.causality.common.errors.ErrorResponses;
import io.causality.sim.engine.UnknownAgentException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/** A policy change for an agent the simulation does not have: 404 NOT_FOUND. */
public final class UnknownAgentExceptionMapper implements ExceptionMapper<UnknownAgentException> {
  @Override
  public Response toResponse(UnknownAgentException exception) {
    return ErrorResponses.of(
        404, ErrorCodes.NOT_FOUND, "The simulation has no agent " + exception.agentId(), null);
  }
}
