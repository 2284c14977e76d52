package io.causality.sim.errors;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.common.errors.ApiError;
import io.causality.common.errors.ErrorEnvelope;
import io.causality.common.errors.ValidationDetails;
import io.causality.sim.core.errors.DomainAdapterNotFoundException;
import io.causality.sim.core.errors.DomainException;
import io.causality.sim.core.errors.ForbiddenException;
import io.causality.sim.core.errors.InvalidInputException;
import io.causality.sim.core.errors.QuotaExceededException;
import io.causality.sim.core.errors.SimulationConflictException;
import io.causality.sim.core.errors.SimulationNotFoundException;
import io.causality.sim.core.errors.StreamLimitException;
import io.causality.sim.core.errors.UnauthorizedException;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The status of each code, the envelope's content, and a code without a status. */
class DomainExceptionMapperTest {
  private final DomainExceptionMapper mapper = new DomainExceptionMapper();

  @Test
  void eachKindAnswersItsStatusAndCode() {
    assertAnswer(InvalidInputException.field("input", "is required"), 400, "VALIDATION_ERROR");
    assertAnswer(new UnauthorizedException("who?"), 401, "UNAUTHORIZED");
    assertAnswer(new ForbiddenException("no"), 403, "FORBIDDEN");
    assertAnswer(
        new QuotaExceededException("used up", "maxSimulationRuns", 3), 403, "QUOTA_EXCEEDED");
    assertAnswer(new SimulationNotFoundException(UUID.randomUUID()), 404, "NOT_FOUND");
    assertAnswer(new DomainAdapterNotFoundException("x", List.of("market")), 404, "NOT_FOUND");
    assertAnswer(new SimulationConflictException("completed"), 409, "CONFLICT");
    assertAnswer(new StreamLimitException(2, 60), 429, "RATE_LIMITED");
  }

  @Test
  void theEnvelopeCarriesTheMessageAndDetails() {
    ApiError error = error(mapper.toResponse(new QuotaExceededException("used up", "runs", 3)));

    assertThat(error.message()).isEqualTo("used up");
    assertThat(error.details()).isEqualTo(Map.of("limit", "runs", "value", 3L));
    ApiError invalid = error(mapper.toResponse(InvalidInputException.field("input", "is bad")));
    assertThat(invalid.message()).isEqualTo("Invalid request: input is bad");
    assertThat(((ValidationDetails) invalid.details()).issues()).hasSize(1);
  }

  @Test
  void aCodeWithoutAStatusIsAnInternalErrorThatShowsNothing() {
    Response response = mapper.toResponse(new Unmapped());

    assertThat(response.getStatus()).isEqualTo(500);
    assertThat(error(response).code()).isEqualTo("INTERNAL");
    assertThat(error(response).message()).doesNotContain("secret");
  }

  private void assertAnswer(DomainException exception, int status, String code) {
    Response response = mapper.toResponse(exception);
    assertThat(response.getStatus()).as(code).isEqualTo(status);
    assertThat(error(response).code()).isEqualTo(code);
  }

  private static ApiError error(Response response) {
    return ((ErrorEnvelope) response.getEntity()).error();
  }

  private static final class Unmapped extends DomainException {
    private static final long serialVersionUID = 1L;

    Unmapped() {
      super("NO_SUCH_CODE", "a secret");
    }
  }
}
