package io.causality.packaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Debian packages as dpkg sees them ({@code dpkg-deb}, skipped where it is missing) and the
 * .tar.gz beside each (docs/operations.md, "Packages"): where each file goes with which mode, the
 * conffiles, the control fields, the same layout in both kinds, the packaged configuration valid
 * for the packaged jar, the version the jar reports, and the units' hardening score.
 */
class PackageContentsIntegrationTest {
  private static final Pattern XMX = Pattern.compile("-Xmx(\\d+)m");
  private static final Pattern MEMORY_MAX = Pattern.compile("MemoryMax=(\\d+)G");
  private static final Pattern EXPOSURE =
      Pattern.compile("Overall exposure level for \\S+: ([0-9.]+)");

  @BeforeAll
  static void dpkgDeb() {
    assumeTrue(Packages.installed("dpkg-deb"), "dpkg-deb is not installed: packages not inspected");
  }

  @ParameterizedTest
  @ValueSource(strings = {"sim-server", "hitl-coordinator"})
  void filesGoWhereTheLayoutSaysWithTheirModes(String service) {
    Map<String, String> files = Packages.files(Packages.run("dpkg-deb", "-c", deb(service)));

    assertThat(files)
        .containsEntry("usr/share/causality/" + service + ".jar", "-rw-r--r-- root/root")
        .containsEntry("usr/bin/" + service, "-rwxr-xr-x root/root")
        .containsEntry("etc/causality/" + service + ".yml", "-rw-r----- root/root")
        .containsEntry("etc/default/" + service, "-rw-r----- root/root")
        .containsEntry("lib/systemd/system/" + service + ".service", "-rw-r--r-- root/root")
        .containsEntry("usr/lib/causality/" + service + "/postinst", "-rwxr-xr-x root/root");
    if (service.equals("hitl-coordinator")) {
      assertThat(files).containsEntry("usr/bin/hitl", "-rwxr-xr-x root/root");
    }
    // nothing under the data folder: postinst makes it, owned by the service's user
    assertThat(files.keySet()).noneMatch(path -> path.startsWith("var/"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"sim-server", "hitl-coordinator"})
  void theConfigurationIsConffilesAndTheControlFieldsName(String service) {
    assertThat(Packages.run("dpkg-deb", "-I", deb(service), "conffiles").lines())
        .containsExactlyInAnyOrder("/etc/causality/" + service + ".yml", "/etc/default/" + service);
    String fields = Packages.run("dpkg-deb", "-f", deb(service), "Package", "Version", "Depends");
    assertThat(fields)
        .contains("Package: causality-" + service)
        .contains("Version: " + Packages.debianVersion())
        .contains("openjdk-17-jre-headless | java17-runtime-headless")
        .contains("adduser");
    for (String script : List.of("postinst", "prerm", "postrm")) {
      assertThat(Packages.run("dpkg-deb", "-I", deb(service), script)).startsWith("#!/bin/sh");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"sim-server", "hitl-coordinator"})
  void theTarGzHasTheLayoutOfThePackage(String service) {
    Map<String, String> deb = Packages.files(Packages.run("dpkg-deb", "-c", deb(service)));
    Map<String, String> tar =
        Packages.files(Packages.run("tar", "tzvf", Packages.tar(service).toString()));
    assertThat(tar).isEqualTo(deb);
  }

  /**
   * The packaged configuration passes the packaged jar's own {@code check}, with the variables of
   * /etc/default set as an operator sets them; and the jar reports the build's version.
   */
  @ParameterizedTest
  @ValueSource(strings = {"sim-server", "hitl-coordinator"})
  void thePackagedConfigurationIsValidAndTheJarKnowsItsVersion(String service, @TempDir Path root)
      throws Exception {
    Packages.run("dpkg-deb", "-x", deb(service), root.toString());
    String jar = root.resolve("usr/share/causality/" + service + ".jar").toString();
    String config = root.resolve("etc/causality/" + service + ".yml").toString();
    Map<String, String> secrets =
        Map.of(
            "HITL_TOKEN_RUNTIME", "runtime-token-of-32-characters!!",
            "HITL_TOKEN_OPERATOR_1", "operator-token-of-32-characters!");

    assertThat(Packages.run(secrets, "java", "-jar", jar, "check", config))
        .contains("Configuration is OK");
    assertThat(Packages.run("java", "-jar", jar, "--version").strip())
        .isEqualTo(Packages.version());
  }

  /** MemoryMax leaves the JVM room beyond its heap: at least -Xmx + 512 MB. */
  @ParameterizedTest
  @ValueSource(strings = {"sim-server", "hitl-coordinator"})
  void theMemoryLimitFollowsTheHeap(String service, @TempDir Path root) {
    Packages.run("dpkg-deb", "-x", deb(service), root.toString());
    String defaults = String.join("\n", Packages.settings(root.resolve("etc/default/" + service)));
    String unit =
        String.join(
            "\n", Packages.settings(root.resolve("lib/systemd/system/" + service + ".service")));

    Matcher heap = XMX.matcher(defaults);
    Matcher limit = MEMORY_MAX.matcher(unit);
    assertThat(heap.find()).as("-Xmx in JAVA_OPTS").isTrue();
    assertThat(limit.find()).as("MemoryMax in the unit").isTrue();
    assertThat(Long.parseLong(limit.group(1)) * 1024)
        .isGreaterThanOrEqualTo(Long.parseLong(heap.group(1)) + 512);
  }

  /** docs/operations.md gives each unit's score; it must stay at 2.0 ("OK") or below. */
  @ParameterizedTest
  @ValueSource(strings = {"sim-server", "hitl-coordinator"})
  void theUnitsAreHardened(String service, @TempDir Path root) throws Exception {
    assumeTrue(Packages.installed("systemd-analyze"), "systemd-analyze is not installed");
    Packages.run("dpkg-deb", "-x", deb(service), root.toString());
    Path unit = root.resolve("lib/systemd/system/" + service + ".service");
    String unitText = Files.readString(unit);
    for (String setting :
        List.of(
            "User=" + service,
            "NoNewPrivileges=yes",
            "ProtectSystem=strict",
            "ReadWritePaths=/var/lib/causality/" + service,
            "ProtectHome=yes",
            "PrivateTmp=yes",
            "PrivateDevices=yes",
            "CapabilityBoundingSet=\n",
            "RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX",
            "SystemCallFilter=@system-service",
            "Restart=on-failure",
            "Type=notify",
            "ExecReload=")) {
      assertThat(unitText).contains(setting);
    }

    Matcher exposure =
        EXPOSURE.matcher(
            Packages.run("systemd-analyze", "security", "--offline=true", unit.toString()));
    assertThat(exposure.find()).isTrue();
    assertThat(Double.parseDouble(exposure.group(1))).isLessThanOrEqualTo(2.0);
  }

  private static String deb(String service) {
    return Packages.deb(service).toString();
  }
}
