package io.causality.sim;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.type;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.causality.common.errors.ApiException;
import io.causality.common.errors.ErrorResponses;
import io.causality.common.testing.PackageMap;
import io.causality.sim.engine.json.JsonTree;

/**
 * The package rules of sim-server's main classes (docs/architecture.md): no cycles, an engine free
 * of the web, database and binding frameworks, resources that go through the domain classes instead
 * of DAOs and rows.
 */
@AnalyzeClasses(packages = "io.causality.sim", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
  private static final String ENGINE = "io.causality.sim.engine..";

  /** Jackson's data binding: everything of databind except the tree the engine reads. */
  private static final DescribedPredicate<JavaClass> DATA_BINDING =
      resideInAPackage("com.fasterxml.jackson.databind..")
          .and(not(type(JsonNode.class)))
          .and(not(resideInAPackage("com.fasterxml.jackson.databind.node..")))
          .and(not(type(ObjectMapper.class)))
          .as(
              "are Jackson data binding (databind beyond JsonNode, its node types and ObjectMapper)");

  @ArchTest
  static final ArchRule packagesAreFreeOfCycles =
      slices().matching("io.causality.(**)").should().beFreeOfCycles();

  /**
   * docs/architecture.md, "run() is the table of contents": the application calls the wiring, and
   * nothing reaches back up to it (its name and version are {@link SimVersion}'s).
   */
  @ArchTest
  static final ArchRule nothingReachesBackUpToTheApplication =
      noClasses()
          .that()
          .doNotBelongToAnyOf(SimApplication.class)
          .should()
          .dependOnClassesThat()
          .belongToAnyOf(SimApplication.class)
          .because("the application is the top of the wiring; SimVersion is below it");

  @ArchTest
  static final ArchRule engineUsesNoFramework =
      noClasses()
          .that()
          .resideInAPackage(ENGINE)
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.dropwizard..",
              "org.glassfish..",
              "jakarta.ws.rs..",
              "jakarta.servlet..",
              "jakarta.validation..",
              "jakarta.inject..",
              "org.eclipse.jetty..",
              "org.jdbi..",
              "io.swagger..",
              "com.fasterxml.jackson.annotation..",
              "com.fasterxml.jackson.databind.annotation..")
          .because(
              "the engine is a plain library: its input is checked by JsonIn and its output"
                  + " written by the streaming generator, so its paths and bytes are its own");

  @ArchTest
  static final ArchRule engineBindsNoTypes =
      noClasses()
          .that()
          .resideInAPackage(ENGINE)
          .should()
          .dependOnClassesThat(DATA_BINDING)
          .because("the engine reads JSON trees and writes JSON by hand; it binds no types");

  @ArchTest
  static final ArchRule onlyJsonTreeParsesJson =
      noClasses()
          .that()
          .resideInAPackage(ENGINE)
          .and()
          .doNotBelongToAnyOf(JsonTree.class)
          .should()
          .dependOnClassesThat()
          .areAssignableTo(ObjectMapper.class)
          .because("engine.json.JsonTree is the one place that turns JSON text into a tree");

  @ArchTest
  static final ArchRule resourcesDoNotTouchTheDatabase =
      noClasses()
          .that()
          .resideInAPackage("io.causality.sim.resources..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.causality.sim.db..")
          .because("resources are thin: they call domain classes, which own the DAOs and rows");

  /**
   * docs/architecture.md, "Errors": {@code core} and its packages know no HTTP. A failure is a
   * {@code core.errors} exception with a code; {@code errors.DomainExceptionMapper} picks the
   * status.
   */
  @ArchTest
  static final ArchRule coreKnowsNoHttp =
      noClasses()
          .that()
          .resideInAPackage("io.causality.sim.core..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("jakarta.ws.rs..", "org.glassfish.jersey..", "jakarta.servlet..")
          .orShould()
          .dependOnClassesThat()
          .areAssignableTo(ApiException.class)
          .orShould()
          .dependOnClassesThat()
          .belongToAnyOf(ErrorResponses.class)
          .because(
              "domain failures carry a code, not an HTTP status; one mapper per kind picks the"
                  + " status (errors.DomainExceptionMapper)");

  /**
   * docs/architecture.md, "Reading the database": a statement in plain JDBC lives in {@code db}
   * (the listed bypasses) or in {@code cluster} (PostgreSQL's own statements), nowhere else.
   */
  @ArchTest
  static final ArchRule onlyDbAndClusterWriteJdbcStatements =
      noClasses()
          .that()
          .resideOutsideOfPackages("io.causality.sim.db..", "io.causality.sim.cluster..")
          .should()
          .dependOnClassesThat()
          .areAssignableTo(java.sql.Statement.class)
          .because("every other statement is a method of a SqlObject DAO");

  /** docs/architecture.md, "Package map" and "Engine packages": what each package may import. */
  @ArchTest
  static final ArchRule packagesImportOnlyWhatTheMapAllows =
      new PackageMap("io.causality.sim")
          .anything("")
          .allow("api")
          .allow("db")
          .allow(
              "core",
              "api",
              "core.errors",
              "core.events",
              "core.organization",
              "db",
              "metrics",
              "engine..")
          .allow("core.organization", "api", "core.errors", "db")
          .allow("core.events", "api", "db", "engine.output")
          .allow("core.errors")
          .allow(
              "core.experiments",
              "api",
              "core",
              "core.errors",
              "core.organization",
              "db",
              "engine..")
          .allow("experiments", "config", "core.experiments", "db")
          .allow("errors", "core.errors", "engine", "engine.core")
          .allow("auth", "core.errors", "core.organization", "db")
          .allow("ratelimit", "auth", "core.organization", "errors", "metrics")
          .allow("idempotency", "auth", "db", "metrics")
          .allow("usage", "auth", "core.organization", "db")
          .allow(
              "events",
              "api",
              "config",
              "core",
              "core.errors",
              "core.events",
              "core.experiments",
              "core.organization",
              "db",
              "engine.output",
              "metrics",
              "playback")
          .allow("admission", "core", "core.errors")
          .allow("playback", "config", "core")
          .allow("cluster", "core")
          .allow(
              "evaluation",
              "core",
              "core.organization",
              "db",
              "engine.core",
              "engine.output",
              "metrics")
          .allow(
              "config",
              "auth",
              "core.organization",
              "evaluation",
              "health",
              "idempotency",
              "ratelimit")
          .allow("metrics", "db")
          .allow("health")
          .allow(
              "resources",
              "api",
              "auth",
              "core",
              "core.errors",
              "core.events",
              "core.experiments",
              "core.organization",
              "docs",
              "evaluation",
              "events",
              "engine.model",
              "engine.scenario")
          .allow("docs", "engine.adapter", "engine.input")
          .allow("console")
          .allow("cli", "core.organization", "db")
          .allow("engine")
          .allow("engine.random")
          .allow("engine.json", "engine")
          .allow("engine.model", "engine.json")
          .allow("engine.input", "engine", "engine.json", "engine.model")
          .allow("engine.scenario", "engine", "engine.input", "engine.json", "engine.model")
          .allow("engine.output", "engine.input", "engine.json", "engine.model")
          .allow(
              "engine.core",
              "engine",
              "engine.input",
              "engine.json",
              "engine.model",
              "engine.output",
              "engine.random",
              "engine.scenario")
          .allow("engine.adapter", "engine", "engine.json", "engine.model", "engine.random")
          .rule();
}
