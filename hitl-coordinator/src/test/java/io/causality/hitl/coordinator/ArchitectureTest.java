package io.causality.hitl.coordinator;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.causality.common.testing.PackageMap;
import io.causality.hitl.coordinator.db.AuditChainStatements;
import io.causality.hitl.coordinator.db.AuditCheckpointDao;
import io.causality.hitl.coordinator.db.AuditEventDao;
import io.causality.hitl.coordinator.db.RedemptionTransaction;

/**
 * The package rules of the coordinator's main classes (docs/architecture.md): no cycles, and
 * resources that go through the domain classes instead of DAOs and rows.
 */
@AnalyzeClasses(
    packages = "io.causality.hitl.coordinator",
    importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
  /** Package-private, so named rather than referenced. */
  private static final String AUDIT_APPEND = "io.causality.hitl.coordinator.db.AuditAppend";

  @ArchTest
  static final ArchRule packagesAreFreeOfCycles =
      slices().matching("io.causality.(**)").should().beFreeOfCycles();

  /**
   * docs/architecture.md, "run() is the table of contents": the application calls the wiring, and
   * nothing reaches back up to it (its name and version are {@link CoordinatorVersion}'s).
   */
  @ArchTest
  static final ArchRule nothingReachesBackUpToTheApplication =
      noClasses()
          .that()
          .doNotBelongToAnyOf(CoordinatorApplication.class)
          .should()
          .dependOnClassesThat()
          .belongToAnyOf(CoordinatorApplication.class)
          .because("the application is the top of the wiring; CoordinatorVersion is below it");

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
          .because("only AuditEventDao links the events written before the chain existed");

  @ArchTest
  static final ArchRule auditEventsAreAppendedOnlyThroughTheOneWriter =
      noClasses()
          .that()
          .doNotHaveFullyQualifiedName(AuditEventDao.class.getName())
          .and()
          .doNotHaveFullyQualifiedName(RedemptionTransaction.class.getName())
          .and()
          .doNotHaveFullyQualifiedName(AuditCheckpointDao.class.getName())
          .and()
          .doNotHaveFullyQualifiedName(AUDIT_APPEND)
          .should()
          .dependOnClassesThat()
          .haveFullyQualifiedName(AUDIT_APPEND)
          .because(
              "every audit event is written by AuditAppend, which links it into the hash chain"
                  + " under the head's lock and queues its webhook deliveries; AuditEventDao.insert"
                  + " and the redemption's transaction are its only callers, with the checkpoints"
                  + " of the head (AuditCheckpointDao), which take the same lock");

  /** docs/architecture.md, "Package map": what each package may import. */
  @ArchTest
  static final ArchRule packagesImportOnlyWhatTheMapAllows =
      new PackageMap("io.causality.hitl.coordinator")
          .anything("")
          .allow("config")
          .allow("crypto")
          .allow("policy", "crypto")
          .allow("db")
          .allow("core", "crypto", "db", "metrics")
          .allow("metrics")
          .allow("monitoring", "core", "crypto", "db")
          .allow("errors", "core")
          .allow("auth", "config", "policy")
          .allow("ratelimit", "auth", "config")
          .allow("events", "core")
          .allow("webhooks", "config", "core")
          .allow("resources", "auth", "core", "events", "ratelimit")
          .allow("cli", "cli.dashboard", "core", "policy")
          .allow("cli.dashboard")
          .allow("docs")
          .allow("reload", "auth", "config", "crypto", "policy")
          .rule();
}
