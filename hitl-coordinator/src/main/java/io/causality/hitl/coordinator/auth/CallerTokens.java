package io.causality.hitl.coordinator.auth;

import io.causality.hitl.coordinator.config.CallerConfig;
import io.causality.hitl.coordinator.policy.StartupCheckException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A caller's bearer token as configured: the {@code token} itself, or the first line of {@code
 * tokenFile} (an owner-only file that {@code dev-init} writes, so that a development set-up needs
 * no environment variables). Neither the token nor the file's content is ever put in a message.
 */
public final class CallerTokens {
  /** The shortest token accepted, as for {@code token}. */
  static final int MIN_LENGTH = 16;

  private CallerTokens() {}

  /**
   * The token of {@code config}, the {@code index}-th caller.
   *
   * @throws StartupCheckException when the file cannot be read or holds too short a token
   */
  static String tokenOf(CallerConfig config, int index) {
    if (config.tokenFile() == null || config.tokenFile().isBlank()) {
      return config.token();
    }
    Path file = Path.of(config.tokenFile());
    String token;
    try {
      token = Files.readString(file, StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new StartupCheckException(
          prefix(config, index) + "tokenFile " + file + " cannot be read (" + reason(e) + ")", e);
    }
    if (token.length() < MIN_LENGTH || token.contains("\n")) {
      throw new StartupCheckException(
          prefix(config, index)
              + "tokenFile "
              + file
              + " must hold one token of at least "
              + MIN_LENGTH
              + " characters");
    }
    return token;
  }

  /** Warnings about token files that other users can read or write (chmod 600). */
  public static List<String> warnings(List<CallerConfig> callers) {
    List<String> warnings = new ArrayList<>();
    for (CallerConfig caller : callers) {
      if (caller.tokenFile() != null && !caller.tokenFile().isBlank()) {
        openToOthers(Path.of(caller.tokenFile()))
            .map(
                permissions ->
                    "caller "
                        + caller.id()
                        + ": token file "
                        + caller.tokenFile()
                        + " is accessible by group or others ("
                        + permissions
                        + "); restrict it with chmod 600")
            .ifPresent(warnings::add);
      }
    }
    return warnings;
  }

  private static final Set<PosixFilePermission> OWNER =
      EnumSet.of(
          PosixFilePermission.OWNER_READ,
          PosixFilePermission.OWNER_WRITE,
          PosixFilePermission.OWNER_EXECUTE);

  /** The file's permissions when group or others have any; empty otherwise or off POSIX. */
  private static Optional<String> openToOthers(Path file) {
    if (!file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      return Optional.empty();
    }
    try {
      Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
      return OWNER.containsAll(permissions)
          ? Optional.empty()
          : Optional.of(PosixFilePermissions.toString(permissions));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static String prefix(CallerConfig config, int index) {
    return "callers[" + index + "] (" + config.id() + "): ";
  }

  private static String reason(IOException e) {
    return e instanceof NoSuchFileException ? "no such file" : e.getClass().getSimpleName();
  }
}
