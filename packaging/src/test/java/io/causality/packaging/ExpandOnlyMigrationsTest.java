package io.causality.packaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The schema rule of docs/operations.md ("The schema rule: expand, then contract"), read off the
 * change sets themselves: every change set of the previous release is still there, unchanged, and
 * the ones added since only expand (no drop, rename or new NOT NULL), unless contractions.txt names
 * them. {@link RollingUpgradeIntegrationTest} proves the same by running both releases.
 */
class ExpandOnlyMigrationsTest {
  private static final Pattern CONTRACTING =
      Pattern.compile(
          "<(dropColumn|dropTable|dropView|renameColumn|renameTable|renameView|addNotNullConstraint"
              + "|modifyDataType|dropPrimaryKey)\\b"
              + "|\\bDROP\\s+(TABLE|COLUMN|VIEW)\\b|\\bRENAME\\s+(TO|COLUMN)\\b|\\bSET\\s+NOT\\s+NULL\\b",
          Pattern.CASE_INSENSITIVE);

  private static final Path ROOT = Path.of(System.getProperty("causality.root", ".."));

  @ParameterizedTest
  @ValueSource(strings = {"sim-server", "hitl-coordinator"})
  void releasedChangeSetsStayAndNewOnesOnlyExpand(String service) {
    assumeTrue(
        Files.isDirectory(ROOT.resolve(".git")) || Files.isRegularFile(ROOT.resolve(".git")),
        "not a git checkout: the previous release's change sets cannot be read");
    String commit = previousCommit();
    String folder = "migrations/" + service + "/changes/";
    Set<String> released =
        Packages.run("git", "-C", ROOT.toString(), "ls-tree", "--name-only", commit, folder)
            .lines()
            .map(line -> line.substring(line.lastIndexOf('/') + 1))
            .collect(Collectors.toSet());
    assertThat(released).as("change sets of the previous release").isNotEmpty();

    for (String name : released) {
      String before =
          Packages.run("git", "-C", ROOT.toString(), "show", commit + ":" + folder + name);
      assertThat(read(ROOT.resolve(folder + name)))
          .as("released change set %s is unchanged", name)
          .isEqualTo(before);
    }
    Set<String> allowed = contractions();
    for (Path file : files(ROOT.resolve(folder))) {
      String name = file.getFileName().toString();
      if (released.contains(name) || allowed.contains(name)) {
        continue;
      }
      assertThat(CONTRACTING.matcher(read(file)).find())
          .as("%s contracts the schema the previous release still uses", name)
          .isFalse();
    }
  }

  private static String previousCommit() {
    Properties properties = new Properties();
    try (InputStream in =
        ExpandOnlyMigrationsTest.class.getResourceAsStream("/previous-release.properties")) {
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return properties.getProperty("commit");
  }

  private static Set<String> contractions() {
    try (InputStream in = ExpandOnlyMigrationsTest.class.getResourceAsStream("/contractions.txt")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .lines()
          .map(String::strip)
          .filter(line -> !line.isEmpty() && !line.startsWith("#"))
          .map(line -> line.split("\\s+")[0])
          .collect(Collectors.toSet());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<Path> files(Path folder) {
    try (Stream<Path> files = Files.list(folder)) {
      return files.sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
