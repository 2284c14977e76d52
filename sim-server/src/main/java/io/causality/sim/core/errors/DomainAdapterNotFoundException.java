package io.causality.sim.core.errors;

import io.causality.common.errors.ErrorCodes;
import java.util.List;
import java.util.Map;

/** NOT_FOUND: no domain adapter has this id; the details list the adapters there are. */
public final class DomainAdapterNotFoundException extends DomainException {
  private static final long serialVersionUID = 1L;

  public DomainAdapterNotFoundException(String domain, List<String> available) {
    super(
        ErrorCodes.NOT_FOUND,
        "No domain adapter " + domain + "; available: " + available,
        Map.of("availableDomains", available));
  }
}
