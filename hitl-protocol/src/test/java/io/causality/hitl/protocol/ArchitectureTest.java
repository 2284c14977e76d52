package io.causality.hitl.protocol;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The package rules of hitl-protocol's main classes (docs/architecture.md): the package map, no
 * cycles between its packages, and no server framework, since both services and their clients link
 * it.
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

  /** docs/architecture.md, "Package map": what each package of hitl-protocol may import. */
  @ArchTest
  static final ArchRule packagesImportOnlyWhatTheMapAllows =
      layeredArchitecture()
          .consideringOnlyDependenciesInAnyPackage("io.causality.hitl.protocol..")
          .layer("crypto")
          .definedBy("io.causality.hitl.protocol.crypto")
          .layer("wire")
          .definedBy("io.causality.hitl.protocol.wire")
          .layer("policy")
          .definedBy("io.causality.hitl.protocol.policy")
          .layer("client")
          .definedBy("io.causality.hitl.protocol.client")
          .whereLayer("crypto")
          .mayNotAccessAnyLayer()
          .whereLayer("wire")
          .mayOnlyAccessLayers("crypto")
          .whereLayer("policy")
          .mayOnlyAccessLayers("crypto", "wire")
          .whereLayer("client")
          .mayOnlyAccessLayers("wire");
}
