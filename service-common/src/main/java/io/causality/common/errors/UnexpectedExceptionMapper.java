package io.causality.common.errors;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Anything no other mapper knows: 500 INTERNAL. The details go to the server log under an error id;
 * the client gets the id and nothing internal.
 */
@Provider
public final class UnexpectedExceptionMapper implements ExceptionMapper<Throwable> {
  private static final Logger LOG = LoggerFactory.getLogger(UnexpectedExceptionMapper.class);

  @Override
  public Response toResponse(Throwable exception) {
    String errorId = String.format("%016x", ThreadLocalRandom.current().nextLong());
    LOG.error("Unexpected error {} while handling the request", errorId, exception);
    return ErrorResponses.of(
        500, ErrorCodes.INTERNAL, "An internal error occurred (error id " + errorId + ")", null);
  }
}
