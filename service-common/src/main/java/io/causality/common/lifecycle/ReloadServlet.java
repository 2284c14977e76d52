package io.causality.common.lifecycle;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.errors.ApiError;
import io.causality.common.errors.ErrorEnvelope;
import io.causality.common.requestid.RequestIds;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * {@code POST /tasks/reload-policy} on the admin port: 200 {@code {"reloaded": true, "message"}}
 * when the new set serves, 422 with the error envelope (code {@code RELOAD_REFUSED}, the reason as
 * its message) when it was refused and the old set keeps serving. A servlet rather than a
 * Dropwizard {@code Task}, whose only failure answer is a 500 with a stack trace in the log.
 */
final class ReloadServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;

  /** The code of a refused reload. */
  static final String REFUSED = "RELOAD_REFUSED";

  private final transient Reloads reloads;
  private final transient ObjectMapper json;

  ReloadServlet(Reloads reloads, ObjectMapper json) {
    this.reloads = reloads;
    this.json = json;
  }

  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Applied(boolean reloaded, String message) {}

  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    ReloadOutcome outcome = reloads.reload("admin task " + Reloads.TASK);
    response.setContentType("application/json");
    if (outcome.applied()) {
      response.setStatus(200);
      json.writeValue(response.getOutputStream(), new Applied(true, outcome.message()));
    } else {
      response.setStatus(422);
      String requestId = RequestIds.acceptOrGenerate(request.getHeader(RequestIds.HEADER));
      response.setHeader(RequestIds.HEADER, requestId);
      json.writeValue(
          response.getOutputStream(),
          new ErrorEnvelope(new ApiError(REFUSED, outcome.message(), null, requestId)));
    }
  }
}
