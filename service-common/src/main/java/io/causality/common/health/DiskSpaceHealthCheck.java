package io.causality.common.health;

import com.codahale.metrics.health.HealthCheck;
import io.dropwizard.util.DataSize;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * Free disk space under a folder (the embedded database's, or the working directory): unhealthy
 * below {@code minimum}, so that operators hear of a filling disk before the database's writes
 * fail. The folder's nearest existing ancestor is measured, so a folder not yet created is no
 * failure.
 */
public final class DiskSpaceHealthCheck extends HealthCheck {
  public static final String NAME = "disk-space";

  private final Path folder;
  private final DataSize minimum;
  private final ToLongFunction<FileStore> usable;

  public DiskSpaceHealthCheck(Path folder, DataSize minimum) {
    this(folder, minimum, DiskSpaceHealthCheck::usableSpace);
  }

  /** With the free space read by {@code usable} (tests pass a fixed figure). */
  DiskSpaceHealthCheck(Path folder, DataSize minimum, ToLongFunction<FileStore> usable) {
    this.folder = Objects.requireNonNull(folder, "folder").toAbsolutePath().normalize();
    this.minimum = Objects.requireNonNull(minimum, "minimum");
    this.usable = usable;
  }

  /**
   * The folder of an embedded H2 file database ({@code jdbc:h2:file:./var/sim-server;...}: {@code
   * ./var}); for any other database, the working directory (where the service writes its files).
   */
  public static Path folderOf(String jdbcUrl) {
    String prefix = "jdbc:h2:file:";
    if (jdbcUrl != null && jdbcUrl.startsWith(prefix)) {
      Path file = Path.of(jdbcUrl.substring(prefix.length()).split(";", 2)[0]);
      Path parent = file.toAbsolutePath().getParent();
      return parent != null ? parent : file.toAbsolutePath();
    }
    return Path.of("").toAbsolutePath();
  }

  @Override
  protected Result check() throws IOException {
    Path existing = folder;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return Result.unhealthy("no existing folder above %s", folder);
    }
    long free = usable.applyAsLong(Files.getFileStore(existing));
    String figures =
        String.format(
            "%d MiB free under %s (minimum %d MiB)", free >> 20, existing, minimum.toMebibytes());
    return free < minimum.toBytes() ? Result.unhealthy(figures) : Result.healthy(figures);
  }

  private static long usableSpace(FileStore store) {
    try {
      return store.getUsableSpace();
    } catch (IOException e) {
      throw new IllegalStateException("cannot read the free space of " + store, e);
    }
  }
}
