package io.causality.hitl.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.SecureRandom;

/** Keys and fixtures shared by the tests; RSA generation is slow, so keys are made once. */
final class TestKeys {

  static final KeyPair ALICE = KeyPairs.generate(2048, new SecureRandom());
  static final KeyPair BOB = KeyPairs.generate(2048, new SecureRandom());

  private TestKeys() {}

  static String fixture(String name) {
    try (InputStream in = TestKeys.class.getResourceAsStream("/fixtures/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
