package io.causality.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/**
 * The parent pom's rule of known-vulnerable versions (docs/security.md) covers every group of the
 * Jetty 12 family, not only the artifacts on today's class path: a module that adds HTTP/2 or
 * WebSocket support must not bring in a version the core Jetty rule already refuses.
 */
class VulnerableLibraryRuleTest {

  private static final List<String> JETTY_FAMILY =
      List.of(
          "org.eclipse.jetty",
          "org.eclipse.jetty.ee10",
          "org.eclipse.jetty.http2",
          "org.eclipse.jetty.websocket",
          "org.eclipse.jetty.ee10.websocket");

  @Test
  void everyJettyGroupIsBannedBelowTheSameFixedVersion() throws Exception {
    List<String> excludes = bannedDependencyExcludes();
    String coreRange = rangeOf(excludes, "org.eclipse.jetty");

    assertThat(coreRange).isNotNull();
    for (String group : JETTY_FAMILY) {
      assertThat(rangeOf(excludes, group)).as("banned range of %s:*", group).isEqualTo(coreRange);
    }
  }

  private static String rangeOf(List<String> excludes, String group) {
    String prefix = group + ":*:";
    return excludes.stream()
        .filter(exclude -> exclude.startsWith(prefix))
        .map(exclude -> exclude.substring(prefix.length()))
        .findFirst()
        .orElse(null);
  }

  /** The enforcer execution {@code no-known-vulnerable-libraries} (the pom has other rules). */
  private static org.w3c.dom.Element vulnerableLibrariesRule(Document pom, Path parentPom) {
    NodeList executions = pom.getElementsByTagName("execution");
    List<org.w3c.dom.Element> found = new ArrayList<>();
    for (int i = 0; i < executions.getLength(); i++) {
      org.w3c.dom.Element execution = (org.w3c.dom.Element) executions.item(i);
      NodeList ids = execution.getElementsByTagName("id");
      if (ids.getLength() > 0
          && "no-known-vulnerable-libraries".equals(ids.item(0).getTextContent().trim())) {
        found.add(execution);
      }
    }
    assertThat(found).as("the no-known-vulnerable-libraries execution of %s", parentPom).hasSize(1);
    return found.get(0);
  }

  private static List<String> bannedDependencyExcludes() throws Exception {
    // Tests run with the module's folder as the working directory; the parent pom is beside it.
    Path parentPom = Path.of("..", "pom.xml");
    Document pom =
        DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(parentPom.toFile());
    NodeList nodes = vulnerableLibrariesRule(pom, parentPom).getElementsByTagName("exclude");
    List<String> excludes = new ArrayList<>();
    for (int i = 0; i < nodes.getLength(); i++) {
      excludes.add(nodes.item(i).getTextContent().trim());
    }
    return excludes;
  }
}
