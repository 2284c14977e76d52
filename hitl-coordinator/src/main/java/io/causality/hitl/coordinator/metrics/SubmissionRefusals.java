package io.causality.hitl.coordinator.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import java.util.Locale;

/**
 * Counts refused submissions ({@code hitl_submissions_refused_total{reason}}) where every refusal
 * ends, whoever refused it: Bean Validation and malformed JSON (400, {@code validation}), the
 * adaptive gates (409 with their codes), the rate limit (429), authentication. One place, so that
 * no refusal path of the submission code needs a hook. The reason is the envelope's error code in
 * lower case ({@code VALIDATION_ERROR} is {@code validation}): a fixed set.
 */
public final class SubmissionRefusals implements ContainerResponseFilter {
  private static final String SUBMIT_PATH = "v1/override-requests";

  private final ObjectMapper json;

  public SubmissionRefusals(ObjectMapper json) {
    this.json = json;
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (response.getStatus() < 400
        || response.getStatus() >= 500
        || !"POST".equals(request.getMethod())
        || !SUBMIT_PATH.equals(stripSlashes(request.getUriInfo().getPath()))) {
      return;
    }
    CoordinatorMetrics.SUBMISSIONS_REFUSED.labelValues(reason(response)).inc();
  }

  private String reason(ContainerResponseContext response) {
    String code = "";
    if (response.hasEntity()) {
      JsonNode body = json.valueToTree(response.getEntity());
      code = body.path("error").path("code").asText("");
    }
    if (code.isEmpty()) {
      code = "HTTP_" + response.getStatus();
    }
    return code.equals("VALIDATION_ERROR") ? "validation" : code.toLowerCase(Locale.ROOT);
  }

  private static String stripSlashes(String path) {
    return path.replaceAll("^/+|/+$", "");
  }
}
