package io.causality.common.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.errors.ApiError;
import io.causality.common.errors.ErrorEnvelope;
import io.causality.common.requestid.RequestIds;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The error envelope a servlet filter answers with, before Jersey and its exception mappers: the
 * status, JSON, and the request's id, as the mappers write them.
 */
public final class FilterErrors {
  private FilterErrors() {}

  /** Answers {@code status} with the envelope of {@code code} and {@code message}. */
  public static void answer(
      HttpServletRequest request,
      HttpServletResponse response,
      ObjectMapper mapper,
      int status,
      String code,
      String message)
      throws IOException {
    Object id = request.getAttribute(RequestIds.ATTRIBUTE);
    String requestId = id != null ? id.toString() : RequestIds.current();
    response.setStatus(status);
    response.setContentType("application/json");
    response
        .getOutputStream()
        .write(
            mapper.writeValueAsBytes(
                new ErrorEnvelope(new ApiError(code, message, null, requestId))));
  }
}
