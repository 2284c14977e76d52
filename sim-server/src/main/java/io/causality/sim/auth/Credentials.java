package io.causality.sim.auth;

/** What a request presented: an API key or a bearer token. Never logged. */
public sealed interface Credentials {
  /** The {@code X-Api-Key} header. */
  record ApiKey(String key) implements Credentials {
    @Override
    public String toString() {
      return "ApiKey[redacted]";
    }
  }

  /** The token of {@code Authorization: Bearer <JWT>}. */
  record Bearer(String token) implements Credentials {
    @Override
    public String toString() {
      return "Bearer[redacted]";
    }
  }
}
