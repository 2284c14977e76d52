package io.causality.common;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The package rules of service-common's main classes (docs/architecture.md). It has no resources
 * and no engine, so the one rule is: no cycles between its packages.
 */
@AnalyzeClasses(
    packages = "io.causality.common",
    importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

  @ArchTest
  static final ArchRule packagesAreFreeOfCycles =
      slices().matching("io.causality.(**)").should().beFreeOfCycles();
}
