package io.causality.hitl.coordinator;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.causality.common.testing.PackageMap;
import io.causality.hitl.coordinator.db.AuditChainStatements;
import io.causality.hitl.coordinator.db.AuditEventDao;

/**
 * The package rules of the coordinator's main classes (docs/architecture.md): no cycles, and
 * resources that go through the domain classes instead of DAOs and rows.
 */
@AnalyzeClasses(
    packages = "io.causality.hitl.coordinator",
    importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

  @ArchTest
  static final ArchRule packagesAreFreeOfCycles =
      slices().matching("io.causality.(**)").should().beFreeOfCycles();

  @ArchTest
  static final ArchRule resourcesDoNotTouchTheDatabase =
      noClasses()
          .that()
          .resideInAPackage("io.causality.hitl.coordinator.resources..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.causality.hitl.coordinator.db..")
          .because("resources are thin: they call domain classes, which own the DAOs and rows");

  @ArchTest
  static final ArchRule auditEventsAreWrittenOnlyIntoTheChain =
      noClasses()
          .that()
          .doNotHaveFullyQualifiedName(AuditEventDao.class.getName())
          .and()
          .doNotHaveFullyQualifiedName(AuditChainStatements.class.getName())
          .should()
          .dependOnClassesThat()
          .haveFullyQualifiedName(AuditChainStatements.class.getName())
          .because(
              "every audit event is written by AuditEventDao.insert, which links it into the"
                  + " hash chain under the head's lock");

  /** docs/architecture.md, "Package map": what each package may import. */
  @ArchTest
  static final ArchRule packagesImportOnlyWhatTheMapAllows =
      new PackageMap("io.causality.hitl.coordinator")
          .anything("")
          .allow("config")
          .allow("crypto")
          .allow("policy", "crypto")
          .allow("db")
          .allow("core", "crypto", "db")
          .allow("errors", "core")
          .allow("auth", "config", "policy")
          .allow("ratelimit", "auth", "config")
          .allow("events", "core")
          .allow("webhooks", "config", "core")
          .allow("resources", "auth", "core", "events", "ratelimit")
          .allow("cli", "cli.dashboard", "core", "policy")
          .allow("cli.dashboard")
          .allow("docs")
          .rule();
}
