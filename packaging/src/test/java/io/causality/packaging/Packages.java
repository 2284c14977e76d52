package io.causality.packaging;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** The built packages of this module's {@code target/}, and the programs that read them. */
final class Packages {
  static final List<String> SERVICES = List.of("sim-server", "hitl-coordinator");

  private Packages() {}

  static Path target() {
    return Path.of(System.getProperty("causality.packages", "target"));
  }

  static String version() {
    return System.getProperty("causality.version");
  }

  /** The one file of {@code target/} whose name starts with {@code prefix} and ends with suffix. */
  static Path file(String prefix, String suffix) {
    try (Stream<Path> files = Files.list(target())) {
      List<Path> found =
          files
              .filter(f -> f.getFileName().toString().startsWith(prefix))
              .filter(f -> f.getFileName().toString().endsWith(suffix))
              .toList();
      if (found.size() != 1) {
        throw new IllegalStateException(prefix + "*" + suffix + " in target/: " + found);
      }
      return found.get(0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The version as jdeb writes it into a package: {@code 0.2.0-SNAPSHOT} as {@code 0.2.0~snapshot}.
   */
  static String debianVersion() {
    return version().replace("-SNAPSHOT", "~snapshot");
  }

  /** This build's package of {@code service} (not one an earlier version left in target/). */
  static Path deb(String service) {
    return file("causality-" + service + "_" + debianVersion() + "_", "_all.deb");
  }

  static Path tar(String service) {
    return file("causality-" + service + "-" + version(), ".tar.gz");
  }

  /** Whether a program is on the PATH. */
  static boolean installed(String program) {
    return Stream.of(System.getenv("PATH").split(":"))
        .anyMatch(dir -> Files.isExecutable(Path.of(dir, program)));
  }

  /** Runs a command; its standard output, or a failure with both outputs. */
  static String run(Map<String, String> environment, String... command) {
    try {
      ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
      builder.environment().putAll(environment);
      Process process = builder.start();
      process.getOutputStream().close();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new AssertionError(String.join(" ", command) + " failed:\n" + output);
      }
      return output;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  static String run(String... command) {
    return run(Map.of(), command);
  }

  /**
   * The regular files of a listing in {@code tar tv} form ({@code dpkg-deb -c} prints the same),
   * path (without a leading {@code ./}) to its mode and owner, e.g. {@code -rw-r----- root/root}.
   */
  static Map<String, String> files(String listing) {
    Map<String, String> files = new TreeMap<>();
    for (String line : listing.split("\n")) {
      String[] fields = line.trim().split("\\s+");
      if (fields.length < 6 || !fields[0].startsWith("-")) {
        continue;
      }
      String path = fields[fields.length - 1].replaceFirst("^\\./", "");
      files.put(path, fields[0] + " " + fields[1]);
    }
    return files;
  }

  /** The lines of text that are not blank or comments. */
  static List<String> settings(Path file) {
    try {
      List<String> lines = new ArrayList<>();
      for (String line : Files.readAllLines(file)) {
        if (!line.isBlank() && !line.strip().startsWith("#")) {
          lines.add(line.strip());
        }
      }
      return lines;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
