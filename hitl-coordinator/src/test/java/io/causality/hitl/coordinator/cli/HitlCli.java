package io.causality.hitl.coordinator.cli;

import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.util.JarLocation;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * Runs {@code hitl ...} through Dropwizard's command line as the jar does, with the given
 * environment, and captures standard output, standard error and the exit status the application
 * would exit with.
 */
public final class HitlCli {
  public record Result(int exit, String out, String err) {}

  private final Map<String, String> environment;

  public HitlCli(Map<String, String> environment) {
    this.environment = Map.copyOf(environment);
  }

  public HitlCli() {
    this(Map.of());
  }

  public Result run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream systemOut = System.out;
    PrintStream systemErr = System.err;
    Optional<Throwable> failure;
    try {
      // The commands write to System.out and System.err, as scripts capture them.
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      failure = new Cli(new JarLocation(getClass()), bootstrap(), out, err).run(args);
    } finally {
      System.setOut(systemOut);
      System.setErr(systemErr);
    }
    return new Result(
        failure.map(HitlCommand::exitStatus).orElse(0),
        out.toString(StandardCharsets.UTF_8).strip(),
        err.toString(StandardCharsets.UTF_8).strip());
  }

  /** The application's own commands, with {@code hitl} reading this environment. */
  private Bootstrap<CoordinatorConfiguration> bootstrap() {
    CoordinatorApplication application = new CoordinatorApplication();
    Bootstrap<CoordinatorConfiguration> bootstrap = new Bootstrap<>(application);
    bootstrap.addCommand(new HitlCommand(application, environment::get));
    return bootstrap;
  }
}
