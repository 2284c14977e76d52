package io.causality.common.db;

import io.dropwizard.core.Configuration;
import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.migrations.DbCommand;
import java.nio.file.Path;
import java.util.function.Function;
import net.sourceforge.argparse4j.impl.Arguments;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;
import net.sourceforge.argparse4j.inf.Subparsers;

/**
 * The {@code db} command of both services: Dropwizard's Liquibase commands ({@code db migrate},
 * {@code db status}, ...) and two of ours for the embedded database, {@code db backup FILE CONFIG}
 * (while the service runs) and {@code db restore FILE CONFIG [--replace]} (while it is stopped);
 * {@link EmbeddedBackup} does the work.
 */
public final class DatabaseCommand<T extends Configuration> extends DbCommand<T> {
  /** Where Dropwizard's {@code db} keeps the chosen subcommand's name. */
  private static final String SUBCOMMAND = "subcommand";

  private static final String BACKUP = "backup";
  private static final String RESTORE = "restore";
  private static final String BACKUP_FILE = "backupFile";

  private final Function<T, DataSourceFactory> database;

  /**
   * @param database the service's database as its configuration builds it
   */
  public DatabaseCommand(Function<T, DataSourceFactory> database, Class<T> configurationClass) {
    super("db", database::apply, configurationClass, StartupMigrations.CHANGELOG);
    this.database = database;
  }

  @Override
  public void configure(Subparser subparser) {
    super.configure(subparser);
    Subparsers commands = subparser.addSubparsers();
    Subparser backup =
        commands
            .addParser(BACKUP)
            .setDefault(SUBCOMMAND, BACKUP)
            .description(
                "Writes a consistent copy of the embedded database and its password to FILE"
                    + " (owner-only), while the service runs or not");
    backup.addArgument(BACKUP_FILE).metavar("FILE").help("the backup to write");
    backup.addArgument("file").nargs("?").help("application configuration file");
    Subparser restore =
        commands
            .addParser(RESTORE)
            .setDefault(SUBCOMMAND, RESTORE)
            .description(
                "Restores a backup into the configured database's folder; the service must be"
                    + " stopped");
    restore.addArgument(BACKUP_FILE).metavar("FILE").help("a file db backup wrote");
    restore
        .addArgument("--replace")
        .action(Arguments.storeTrue())
        .help("replace a database that is there");
    restore.addArgument("file").nargs("?").help("application configuration file");
  }

  @Override
  protected void run(Bootstrap<T> bootstrap, Namespace namespace, T configuration)
      throws Exception {
    String subcommand = namespace.getString(SUBCOMMAND);
    Path file =
        BACKUP.equals(subcommand) || RESTORE.equals(subcommand)
            ? Path.of(namespace.getString(BACKUP_FILE))
            : null;
    if (BACKUP.equals(subcommand)) {
      EmbeddedBackup.Copy copy = EmbeddedBackup.backup(database.apply(configuration), file);
      System.out.println(
          "backed up " + copy.database() + " to " + file + " (" + copy.bytes() + " bytes)");
    } else if (RESTORE.equals(subcommand)) {
      EmbeddedBackup.Copy copy =
          EmbeddedBackup.restore(
              database.apply(configuration),
              file,
              Boolean.TRUE.equals(namespace.getBoolean("replace")));
      System.out.println("restored " + file + " into " + copy.database());
    } else {
      super.run(bootstrap, namespace, configuration);
    }
  }

  /** A refused backup or restore is one line on standard error, without a stack trace. */
  @Override
  public void onError(Cli cli, Namespace namespace, Throwable e) {
    if (e instanceof EmbeddedBackup.BackupException) {
      cli.getStdErr().println("db " + namespace.getString(SUBCOMMAND) + ": " + e.getMessage());
    } else {
      super.onError(cli, namespace, e);
    }
  }
}
