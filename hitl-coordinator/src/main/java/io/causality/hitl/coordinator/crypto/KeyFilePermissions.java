package io.causality.hitl.coordinator.crypto;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/** Checks that private key files are not open to other users. */
public final class KeyFilePermissions {

  private static final Set<PosixFilePermission> GROUP_OR_OTHERS =
      EnumSet.of(
          PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE,
          PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
          PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

  /** Owner read and write only. */
  public static final Set<PosixFilePermission> OWNER_ONLY =
      EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

  private KeyFilePermissions() {}

  /**
   * A warning when the file grants any permission to group or others; empty when it does not, or
   * when the file system has no POSIX permissions.
   */
  public static Optional<String> warning(Path keyFile) {
    if (!isPosix(keyFile)) {
      return Optional.empty();
    }
    try {
      Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(keyFile);
      if (permissions.stream().noneMatch(GROUP_OR_OTHERS::contains)) {
        return Optional.empty();
      }
      return Optional.of(
          "private key file "
              + keyFile
              + " is accessible by group or"
              + " others ("
              + PosixFilePermissions.toString(permissions)
              + "); restrict it with chmod 600");
    } catch (IOException e) {
      // An unreadable key file fails its own check; there is nothing to warn about here.
      return Optional.empty();
    }
  }

  /** Whether the file system of {@code path} has POSIX permissions. */
  public static boolean isPosix(Path path) {
    return path.getFileSystem().supportedFileAttributeViews().contains("posix");
  }
}
