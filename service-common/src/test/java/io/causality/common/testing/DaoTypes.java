package io.causality.common.testing;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The DAO interfaces of a service's {@code db} package, as its class files show them: what its list
 * of DAOs described at start ({@code ServiceJdbi.describeOnce}) must hold.
 */
public final class DaoTypes {
  private DaoTypes() {}

  /** Every interface named {@code ...Dao} in {@code dbPackage} (main classes only). */
  public static Set<Class<?>> in(String dbPackage) {
    return new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(dbPackage)
            .stream()
            .filter(JavaClass::isInterface)
            .filter(type -> type.getSimpleName().endsWith("Dao"))
            .<Class<?>>map(JavaClass::reflect)
            .collect(Collectors.toSet());
  }
}
