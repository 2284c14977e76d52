package io.causality.sim.admission;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.errors.ErrorCodes;
import io.causality.common.http.FilterErrors;
import io.causality.sim.core.WorkingMemory;
import io.causality.sim.core.errors.WorkingMemoryExhaustedException;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Reserves working memory ({@link WorkingMemory}) for a request with a large body before anything
 * reads it, for the whole request: the body's JSON tree, the scenario read from it and the engine
 * instance built from that all live until the answer. A body of unknown length (chunked) is
 * reserved as the largest the server accepts. When no room is freed in time the request is answered
 * 503 SERVICE_UNAVAILABLE with Retry-After, its body unread.
 *
 * <p>A request that is refused later (401, 429, 400) gives its reservation back at once: Jersey
 * checks the caller before it reads the body. When the request ends, this filter also gives back
 * what its work reserved for the rest of it ({@link WorkingMemory#reserveForRequest}):
 * create-and-run holds its scenario and trace until its answer is written.
 */
public final class LargeBodyAdmission implements Filter {
  private final WorkingMemory memory;
  private final long maxBody;
  private final ObjectMapper mapper;

  /**
   * @param maxBody the largest body the server accepts: what a body of unknown length may be
   */
  public LargeBodyAdmission(WorkingMemory memory, long maxBody, ObjectMapper mapper) {
    this.memory = memory;
    this.maxBody = maxBody;
    this.mapper = mapper;
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    long bodyBytes = bodyBytes((HttpServletRequest) request);
    try {
      if (bodyBytes * WorkingMemory.HEAP_PER_JSON_BYTE >= WorkingMemory.SMALL_WORK) {
        try {
          memory.reserveForJson(bodyBytes);
        } catch (WorkingMemoryExhaustedException e) {
          refuse((HttpServletRequest) request, (HttpServletResponse) response, e);
          return;
        }
      }
      chain.doFilter(request, response);
    } finally {
      // the body's reservation, or one the work took for the rest of the request
      memory.releaseThread();
    }
  }

  /** The body's declared length; the largest accepted when chunked; 0 without a body. */
  private long bodyBytes(HttpServletRequest request) {
    long declared = request.getContentLengthLong();
    if (declared >= 0) {
      return declared;
    }
    return request.getHeader("Transfer-Encoding") != null ? maxBody : 0;
  }

  private void refuse(
      HttpServletRequest request,
      HttpServletResponse response,
      WorkingMemoryExhaustedException refusal)
      throws IOException {
    response.setHeader("Retry-After", Long.toString(refusal.retryAfterSeconds()));
    // the body was never read, so the connection cannot carry another request
    response.setHeader("Connection", "close");
    FilterErrors.answer(
        request, response, mapper, 503, ErrorCodes.SERVICE_UNAVAILABLE, refusal.getMessage());
  }
}
