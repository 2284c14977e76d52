package io.causality.common.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.errors.ApiError;
import io.causality.common.errors.ErrorCodes;
import io.causality.common.errors.ErrorEnvelope;
import io.causality.common.errors.ValidationDetails;
import io.causality.common.requestid.RequestIds;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Errors Jetty answers itself, before or outside Jersey (a rejected URI, a method the server does
 * not allow, an oversized header), in the same envelope as every other error, never as an HTML page
 * and never with a stack trace.
 */
public final class JsonErrorHandler extends ErrorHandler {
  private final ObjectMapper mapper;

  public JsonErrorHandler(ObjectMapper mapper) {
    this.mapper = mapper;
    setShowStacks(false);
    setShowMessageInTitle(false);
  }

  /** Every method gets the envelope, not only GET, POST and HEAD as in Jetty's default. */
  @Override
  public boolean errorPageForMethod(String method) {
    return true;
  }

  @Override
  protected void generateResponse(
      Request request,
      Response response,
      int code,
      String message,
      Throwable cause,
      Callback callback)
      throws IOException {
    String requestId = requestId(request, response);
    ApiError error =
        new ApiError(ErrorCodes.forStatus(code), messageFor(code), detailsFor(code), requestId);
    byte[] body = mapper.writeValueAsBytes(new ErrorEnvelope(error));
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
    response.getHeaders().put(RequestIds.HEADER, requestId);
    response.write(true, ByteBuffer.wrap(body), callback);
  }

  private static String requestId(Request request, Response response) {
    String echoed = response.getHeaders().get(RequestIds.HEADER);
    if (echoed != null) {
      return echoed;
    }
    return RequestIds.acceptOrGenerate(request.getHeaders().get(RequestIds.HEADER));
  }

  /** A 400 is a VALIDATION_ERROR, whose details always carry issues: one about the request. */
  private static ValidationDetails detailsFor(int code) {
    return code == 400 ? ValidationDetails.ofRequest() : null;
  }

  private static String messageFor(int code) {
    return switch (code) {
      case 400 -> "The request is malformed";
      case 404 -> "No resource at this path";
      case 405 -> "This method is not allowed";
      case 413 -> "The request body is too large";
      case 414 -> "The request URI is too long";
      case 431 -> "The request headers are too large";
      default -> code >= 500 ? "An internal error occurred" : "The request failed";
    };
  }
}
