package io.causality.sim;

/**
 * The service's name and version, below {@link SimApplication} and {@link SimRegistrations}, which
 * both read them (the command line's messages, the health answers, the OpenAPI document).
 */
public final class SimVersion {
  public static final String NAME = "sim-server";

  private SimVersion() {}

  /** The jar's {@code Implementation-Version}; {@code development} when run from classes. */
  public static String version() {
    String version = SimVersion.class.getPackage().getImplementationVersion();
    return version != null ? version : "development";
  }
}
