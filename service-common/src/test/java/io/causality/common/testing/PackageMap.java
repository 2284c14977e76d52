package io.causality.common.testing;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A module's package map (docs/architecture.md, "Package map") as ArchUnit rules: each package may
 * import only the packages its row names, and every package has a row, so a new package is placed
 * on the map before it is used. Packages of other modules and libraries are not restricted here
 * (Maven's dependencies decide those).
 *
 * <p>Names are relative to the module's root: {@code ""} is the root package itself, {@code
 * "engine.."} a package and everything below it.
 */
public final class PackageMap {
  private final String root;
  private final Set<String> mapped = new LinkedHashSet<>();
  private final List<ArchRule> rules = new ArrayList<>();

  public PackageMap(String root) {
    this.root = root;
  }

  /** The root package, or any package that may import every other one of the module. */
  public PackageMap anything(String pkg) {
    mapped.add(absolute(pkg));
    return this;
  }

  /** {@code pkg} may import itself and {@code imports}, and nothing else of the module. */
  public PackageMap allow(String pkg, String... imports) {
    String self = absolute(pkg);
    mapped.add(self);
    List<String> allowed = new ArrayList<>(List.of(self));
    for (String imported : imports) {
      allowed.add(absolute(imported));
    }
    rules.add(
        classes()
            .that()
            .resideInAPackage(self)
            .should()
            .onlyDependOnClassesThat(
                resideOutsideOfPackage(root + "..")
                    .or(resideInAnyPackage(allowed.toArray(String[]::new))))
            .as(self + " imports only " + allowed.subList(1, allowed.size()) + " of " + root));
    return this;
  }

  /** The rows as one rule, with the rule that every package of the module has a row. */
  public ArchRule rule() {
    ArchRule everyPackageMapped =
        classes()
            .that()
            .resideInAPackage(root + "..")
            .should()
            .resideInAnyPackage(mapped.toArray(String[]::new))
            .as("every package of " + root + " is on the package map");
    CompositeArchRule all = CompositeArchRule.of(everyPackageMapped);
    for (ArchRule rule : rules) {
      all = all.and(rule);
    }
    return all;
  }

  private String absolute(String pkg) {
    return pkg.isEmpty() ? root : root + "." + pkg;
  }
}
