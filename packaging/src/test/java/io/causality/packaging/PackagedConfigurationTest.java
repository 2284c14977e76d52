package io.causality.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The packaged configuration files keep up with the repository's: every key that {@code
 * config/<service>.yml} sets or shows commented out is set or shown in {@code
 * packaging/src/files/etc/<service>.yml} too, so a key a release adds (an {@code admin} token, the
 * {@code publicNames}, the JWT issuer) reaches the operators who install the package; and every
 * environment variable the packaged file reads is listed in {@code /etc/default/<service>}, where
 * the operator sets it.
 */
class PackagedConfigurationTest {
  /** A key line, once a comment's {@code # } is taken off: indentation, list dash, key. */
  private static final Pattern KEY = Pattern.compile("^( *)(- +)?([a-z][A-Za-z0-9]*):(?: |$)");

  /** A comment holding a key line: indentation before and after {@code "# "}, key, value. */
  private static final Pattern COMMENTED =
      Pattern.compile("^( *)# ( *(?:- +)?)([a-z][A-Za-z0-9]*:)(?: (.*))?$");

  private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)(:-[^}]*)?}");

  @ParameterizedTest
  @ValueSource(strings = {"sim-server", "hitl-coordinator"})
  void thePackagedFileNamesEveryKeyOfTheRepositoryOne(String service) throws IOException {
    Set<String> repository = keys(root().resolve("config/" + service + ".yml"));
    Set<String> packaged = keys(packaged("etc/" + service + ".yml"));

    assertThat(repository).contains("admin.tokenFile", "server.adminConnectors[].port");
    assertThat(new TreeSet<>(packaged)).containsAll(repository);
  }

  @ParameterizedTest
  @ValueSource(strings = {"sim-server", "hitl-coordinator"})
  void everyVariableOfThePackagedFileIsInItsDefaultsFile(String service) throws IOException {
    Set<String> variables = new TreeSet<>();
    for (String line : Packages.settings(packaged("etc/" + service + ".yml"))) {
      Matcher variable = VARIABLE.matcher(line);
      while (variable.find()) {
        variables.add(variable.group(1));
      }
    }
    String defaults = Files.readString(packaged("default/" + service));

    assertThat(variables).isNotEmpty();
    for (String variable : variables) {
      assertThat(defaults)
          .as("/etc/default/%s lists %s", service, variable)
          .containsPattern("(?m)^#?" + variable + "=");
    }
  }

  /**
   * The keys of a YAML file as dotted paths ({@code auth.issuer}, {@code callers[].token}), those
   * of lines commented out ({@code # publicNames: [...]}) included.
   */
  static Set<String> keys(Path file) throws IOException {
    Set<String> keys = new LinkedHashSet<>();
    // the keys enclosing the line, innermost first, each with its indentation; "[]" for an item
    Deque<Integer> indents = new ArrayDeque<>();
    Deque<String> names = new ArrayDeque<>();
    for (String line : Files.readAllLines(file)) {
      Matcher key = KEY.matcher(line);
      Matcher commented = COMMENTED.matcher(line);
      if (!key.find() && !(commented.find() && key.reset(uncommented(commented)).find())) {
        continue;
      }
      int indent = key.group(1).length();
      while (!indents.isEmpty() && indents.peek() >= indent) {
        indents.pop();
        names.pop();
      }
      if (key.group(2) != null) {
        indents.push(indent);
        names.push("[]");
        indent += key.group(2).length();
      }
      indents.push(indent);
      names.push(key.group(3));
      keys.add(path(names));
    }
    return keys;
  }

  /** {@code server.adminConnectors[].port} from the names, innermost first. */
  private static String path(Deque<String> names) {
    StringBuilder path = new StringBuilder();
    names
        .descendingIterator()
        .forEachRemaining(
            name -> path.append(name.equals("[]") || path.isEmpty() ? "" : ".").append(name));
    return path.toString();
  }

  /**
   * A commented-out setting as it would be uncommented, its own trailing comment dropped; empty for
   * prose ({@code # identity: the API key id ...}), whose "value" has words.
   */
  private static String uncommented(Matcher commented) {
    String value =
        commented.group(4) == null ? "" : commented.group(4).replaceFirst("\\s+#.*$", "").strip();
    if (value.contains(" ")) {
      return "";
    }
    return commented.group(1) + commented.group(2) + commented.group(3) + " " + value;
  }

  private static Path packaged(String file) {
    return root().resolve("packaging/src/files/" + file);
  }

  private static Path root() {
    return Path.of(System.getProperty("causality.root", ".."));
  }
}
