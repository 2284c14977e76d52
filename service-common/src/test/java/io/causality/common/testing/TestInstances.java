package io.causality.common.testing;

import io.dropwizard.testing.DropwizardTestSupport;
import java.util.List;

/** Several instances of a service started in one test JVM, as the two-instance tests do. */
public final class TestInstances {
  private TestInstances() {}

  /**
   * Stops the instances in the reverse of their start order. Each instance's config overrides are
   * {@code dw.*} system properties, and each restores the value it found at its start: stopping the
   * first one first would leave the second one's settings (its database URL among them) for the
   * next test class in this JVM, which then opened a dropped schema.
   */
  public static void stopInReverse(List<? extends DropwizardTestSupport<?>> instances) {
    for (int i = instances.size() - 1; i >= 0; i--) {
      instances.get(i).after();
    }
  }
}
