package io.causality.common.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the logs never show: credentials in header lines, maps and bare tokens. */
class CredentialSafeLoggingTest {
  private static final String KEY = "sk_live_AbCdEfGhIjKlMnOpQrStUvWxYz012345";

  @Test
  void headerValuesTokensAndKeysAreRedacted() {
    assertThat(CredentialSafeLogging.redact("X-Api-Key: " + KEY + "\r\nHost: a"))
        .isEqualTo("X-Api-Key: [redacted]\r\nHost: a");
    assertThat(CredentialSafeLogging.redact("{authorization=Bearer abc.def.ghi, host=x}"))
        .isEqualTo("{authorization=[redacted], host=x}");
    assertThat(CredentialSafeLogging.redact("sent \"Authorization\":\"Bearer eyJ.x.y\""))
        .doesNotContain("eyJ");
    assertThat(CredentialSafeLogging.redact("token Bearer eyJhbGciOi.abc.def in a sentence"))
        .isEqualTo("token Bearer [redacted] in a sentence");
    assertThat(CredentialSafeLogging.redact("key " + KEY + " used"))
        .isEqualTo("key sk_live_[redacted] used");
    assertThat(CredentialSafeLogging.redact("Cookie: a=b; c=d")).isEqualTo("Cookie: [redacted]");
    assertThat(CredentialSafeLogging.redact("nothing to see")).isEqualTo("nothing to see");
  }

  @Test
  void theHttpStackIsKnownByItsLoggerNames() {
    assertThat(CredentialSafeLogging.isHttpStack("org.eclipse.jetty.http.HttpParser")).isTrue();
    assertThat(CredentialSafeLogging.isHttpStack("org.eclipse.jetty")).isTrue();
    assertThat(CredentialSafeLogging.isHttpStack("org.glassfish.jersey.server")).isTrue();
    assertThat(CredentialSafeLogging.isHttpStack("org.eclipse.jettyx")).isFalse();
    assertThat(CredentialSafeLogging.isHttpStack("io.causality.sim")).isFalse();
  }
}
