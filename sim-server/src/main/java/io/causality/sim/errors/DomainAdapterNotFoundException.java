package io.causality.sim.errors;

import io.causality.common.errors.ApiException;
import io.causality.common.errors.ErrorCodes;
import java.util.List;
import java.util.Map;

/** 404 NOT_FOUND: no domain adapter has this id; the details list the adapters there are. */
public final class DomainAdapterNotFoundException extends ApiException {
  private static final long serialVersionUID = 1L;

  public DomainAdapterNotFoundException(String domain, List<String> available) {
    super(
        404,
        ErrorCodes.NOT_FOUND,
        "No domain adapter " + domain + "; available: " + available,
        Map.of("availableDomains", available));
  }
}
