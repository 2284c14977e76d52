package io.causality.common;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.causality.common.testing.PackageMap;

/**
 * The package rules of service-common's main classes (docs/architecture.md): no cycles between its
 * packages, and each package imports only what its row of the package map names.
 */
@AnalyzeClasses(
    packages = "io.causality.common",
    importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

  @ArchTest
  static final ArchRule packagesAreFreeOfCycles =
      slices().matching("io.causality.(**)").should().beFreeOfCycles();

  /** docs/architecture.md, "Package map": what each package may import. */
  @ArchTest
  static final ArchRule packagesImportOnlyWhatTheMapAllows =
      new PackageMap("io.causality.common")
          .allow("requestid")
          .allow("errors", "requestid")
          .allow("http", "errors", "requestid", "tracing")
          .allow("schedule")
          .allow("db", "schedule")
          .allow("config", "db", "metrics", "tracing")
          .allow("metrics")
          .allow("tracing")
          .allow("health")
          .allow("cli", "config")
          .allow("openapi", "errors")
          .allow("lifecycle", "errors", "requestid")
          .allow("sse")
          .rule();
}
