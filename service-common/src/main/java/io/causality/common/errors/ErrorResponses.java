package io.causality.common.errors;

import io.causality.common.requestid.RequestIds;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.Map;

/** Builds envelope responses, stamped with the current request id. */
public final class ErrorResponses {
  private ErrorResponses() {}

  public static Response of(int status, String code, String message, Object details) {
    return of(status, code, message, details, Map.of());
  }

  public static Response of(
      int status, String code, String message, Object details, Map<String, Object> extra) {
    ApiError error = new ApiError(code, message, details, RequestIds.current());
    return Response.status(status)
        .type(MediaType.APPLICATION_JSON_TYPE)
        .entity(body(error, extra))
        .build();
  }

  public static Response of(ApiException e) {
    return of(e.status(), e.code(), e.getMessage(), e.details(), e.extraBodyFields());
  }

  private static Object body(ApiError error, Map<String, Object> extra) {
    if (extra.isEmpty()) {
      return new ErrorEnvelope(error);
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("error", error);
    body.putAll(extra);
    return body;
  }
}
