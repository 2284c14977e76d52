package io.causality.packaging;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The jars of the previous release (previous-release.properties), built from its commit into {@code
 * target/previous-release/VERSION/} and kept there for later runs: the commit's files are taken
 * with {@code git archive} (no worktree to clean up if a run dies half-way), its poms get the
 * release's version (as the release build set it), and Maven packages the two services with the
 * same local repository as this build, tests skipped: they ran when that release was made.
 */
final class PreviousRelease {
  private final String version;
  private final String commit;
  private final String tag;

  private PreviousRelease(Properties properties) {
    this.version = properties.getProperty("version");
    this.commit = properties.getProperty("commit");
    this.tag = properties.getProperty("tag");
  }

  static PreviousRelease configured() {
    Properties properties = new Properties();
    try (InputStream in =
        PreviousRelease.class.getResourceAsStream("/previous-release.properties")) {
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new PreviousRelease(properties);
  }

  String version() {
    return version;
  }

  Path folder() {
    return Packages.target().resolve("previous-release").resolve(version);
  }

  Path jar(String service) {
    return folder().resolve(service + ".jar");
  }

  /** The source of the release, for its own configuration files. */
  Path source() {
    return folder().resolve("src");
  }

  /** Builds the jars unless an earlier run did. */
  PreviousRelease build() {
    if (Files.exists(jar("sim-server")) && Files.exists(jar("hitl-coordinator"))) {
      return this;
    }
    Path root = Path.of(System.getProperty("causality.root"));
    checkTag(root);
    Path source = source();
    deleteRecursively(source);
    mkdirs(source);
    Packages.run(
        Map.of(),
        "sh",
        "-c",
        "git -C \"$0\" archive --format=tar \"$1\" | tar -x -C \"$2\"",
        root.toString(),
        commit,
        source.toString());
    releaseVersion(source);
    List<String> maven =
        new ArrayList<>(
            List.of(
                "mvn",
                "-B",
                "-q",
                "-f",
                source.resolve("pom.xml").toString(),
                "package",
                "-pl",
                "sim-server,hitl-coordinator",
                "-am",
                "-DskipTests",
                "-Dspotless.check.skip",
                "-Dcheckstyle.skip"));
    String repository = System.getProperty("maven.repo.local");
    if (repository != null && !repository.isBlank()) {
      maven.add("-Dmaven.repo.local=" + repository);
    }
    run(maven, source, 1_200);
    for (String service : Packages.SERVICES) {
      copy(source.resolve(service).resolve("target").resolve(service + ".jar"), jar(service));
    }
    return this;
  }

  /** Where the tag exists, it must name the commit the test builds. */
  private void checkTag(Path root) {
    String tagged =
        Packages.run(
                Map.of(),
                "sh",
                "-c",
                "git -C \"$0\" rev-parse -q --verify \"refs/tags/$1^{commit}\" || true",
                root.toString(),
                tag)
            .strip();
    if (!tagged.isEmpty() && !tagged.equals(commit)) {
      throw new IllegalStateException(
          "tag " + tag + " names " + tagged + ", previous-release.properties " + commit);
    }
  }

  private void releaseVersion(Path source) {
    try (Stream<Path> files = Files.walk(source)) {
      for (Path pom : files.filter(f -> f.getFileName().toString().equals("pom.xml")).toList()) {
        String text = Files.readString(pom, StandardCharsets.UTF_8);
        Files.writeString(
            pom,
            text.replaceAll(
                "<version>[0-9.]+-SNAPSHOT</version>", "<version>" + version + "</version>"),
            StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void run(List<String> command, Path directory, long seconds) {
    try {
      Path log = Files.createTempFile("previous-release", ".log");
      Process process =
          new ProcessBuilder(command)
              .directory(directory.toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      if (!process.waitFor(seconds, TimeUnit.SECONDS) || process.exitValue() != 0) {
        process.destroyForcibly();
        throw new AssertionError("building the previous release failed:\n" + Files.readString(log));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static void copy(Path from, Path to) {
    try {
      Files.copy(from, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void mkdirs(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void deleteRecursively(Path dir) {
    if (Files.notExists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
