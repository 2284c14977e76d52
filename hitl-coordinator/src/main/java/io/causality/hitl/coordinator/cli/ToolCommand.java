package io.causality.hitl.coordinator.cli;

import io.causality.common.cli.CommandOutput;
import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.cli.Command;
import io.dropwizard.core.setup.Bootstrap;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import net.sourceforge.argparse4j.inf.Namespace;

/**
 * A key or policy tool: needs no configuration file, prints what it did on standard output, and
 * fails with one {@code error: ...} line on standard error and exit status 1.
 */
abstract class ToolCommand extends Command {
  ToolCommand(String name, String description) {
    super(name, description);
  }

  /** Does the work, printing what it did on {@code out}; throws to fail. */
  abstract void execute(Namespace namespace, PrintStream out) throws Exception;

  @Override
  public final void run(Bootstrap<?> bootstrap, Namespace namespace) throws Exception {
    CommandOutput.logWarningsToStandardError();
    execute(namespace, System.out);
  }

  @Override
  public void onError(Cli cli, Namespace namespace, Throwable e) {
    cli.getStdErr().println("error: " + describe(e));
  }

  private static String describe(Throwable e) {
    if (e instanceof UncheckedIOException io && io.getCause() != null) {
      return e.getMessage() + ": " + io.getCause().getMessage();
    }
    return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
  }

  /** A failure the tool explains itself (a signature that does not verify, say). */
  static final class ToolFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ToolFailure(String message) {
      super(message, null, false, false);
    }
  }
}
