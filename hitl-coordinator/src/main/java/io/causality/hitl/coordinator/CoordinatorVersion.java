package io.causality.hitl.coordinator;

/**
 * The service's name and version, below {@link CoordinatorApplication} and {@link
 * CoordinatorRegistrations}, which both read them (the command line's messages, the realm, the
 * health answer, the OpenAPI document).
 */
public final class CoordinatorVersion {
  public static final String NAME = "hitl-coordinator";

  private CoordinatorVersion() {}

  /** The jar's {@code Implementation-Version}; {@code development} when run from classes. */
  public static String version() {
    String version = CoordinatorVersion.class.getPackage().getImplementationVersion();
    return version != null ? version : "development";
  }
}
