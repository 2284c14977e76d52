package io.causality.sim.db;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SimDaosTest {
  @Test
  void listsEveryDaoOfTheService() {
    var daos =
        new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.causality.sim.db")
                .stream()
                .filter(JavaClass::isInterface)
                .filter(type -> type.getSimpleName().endsWith("Dao"))
                .map(JavaClass::reflect)
                .collect(Collectors.toSet());

    assertThat(daos).isNotEmpty();
    assertThat(SimDaos.ALL).containsExactlyInAnyOrderElementsOf(daos);
  }
}
