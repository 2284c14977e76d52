package io.causality.hitl.protocol;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The package rules of hitl-protocol's main classes (docs/architecture.md): no cycles between its
 * packages, and no server framework, since both services and their clients link it.
 */
@AnalyzeClasses(
    packages = "io.causality.hitl.protocol",
    importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

  @ArchTest
  static final ArchRule packagesAreFreeOfCycles =
      slices().matching("io.causality.(**)").should().beFreeOfCycles();

  @ArchTest
  static final ArchRule usesNoServerFramework =
      noClasses()
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("io.dropwizard..", "org.glassfish.jersey.server..", "org.jdbi..")
          .because("the wire contract is a plain library that clients link without a server");
}
