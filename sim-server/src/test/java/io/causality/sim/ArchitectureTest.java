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
}
