package org.docex;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The dependency rules between docex's packages. A component is a package under {@code org.docex}
 * with {@code boundary}, {@code control} and {@code entity} packages; the other packages are
 * infrastructure.
 */
@AnalyzeClasses(packages = "org.docex", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    static final List<String> COMPONENTS = List.of("documents", "extraction", "intake", "mfa", "security", "signon", "users", "vendors",
            "webhooks");

    static final List<String> INFRASTRUCTURE = List.of("concurrency", "errors", "health", "http", "paging",
            "persistence", "schema");

    @ArchTest
    static void everyTopLevelPackageIsAComponentOrInfrastructure(JavaClasses classes) {
        List<String> unknown = classes.stream()
                .map(JavaClass::getPackageName)
                .filter(name -> name.startsWith("org.docex."))
                .map(name -> name.substring("org.docex.".length()).split("\\.")[0])
                .distinct()
                .filter(name -> !COMPONENTS.contains(name) && !INFRASTRUCTURE.contains(name))
                .toList();
        if (!unknown.isEmpty()) {
            throw new AssertionError("Packages that are neither a component nor infrastructure: " + unknown);
        }
    }

    /** A component's boundary is its HTTP API: no other package uses it. */
    @ArchTest
    static void noClassUsesAnotherComponentsBoundary(JavaClasses classes) {
        for (String component : COMPONENTS) {
            ArchRule rule = noClasses().that().resideOutsideOfPackage("org.docex." + component + "..")
                    .should().dependOnClassesThat().resideInAPackage("org.docex." + component + ".boundary..")
                    .because("a component's boundary is its HTTP API, not for other components");
            rule.check(classes);
        }
    }

    @ArchTest
    static final ArchRule componentsAreFreeOfCycles = slices().assignedFrom(components()).should().beFreeOfCycles();

    /** Infrastructure serves the components and knows none of them; the one exception is {@code http}. */
    @ArchTest
    static void infrastructureDoesNotDependOnComponents(JavaClasses classes) {
        String[] components = COMPONENTS.stream().map(name -> "org.docex." + name + "..").toArray(String[]::new);
        String[] infrastructure = INFRASTRUCTURE.stream().filter(name -> !name.equals("http"))
                .map(name -> "org.docex." + name + "..").toArray(String[]::new);
        noClasses().that().resideInAnyPackage(infrastructure).or().resideInAPackage("org.docex")
                .should().dependOnClassesThat().resideInAnyPackage(components)
                .check(classes);
    }

    /** The request gate reads the upload limits and creates the upload's file where documents are stored. */
    @ArchTest
    static void httpDependsOnNoComponentButDocumentsControl(JavaClasses classes) {
        String[] others = COMPONENTS.stream().filter(name -> !name.equals("documents"))
                .map(name -> "org.docex." + name + "..").toArray(String[]::new);
        noClasses().that().resideInAPackage("org.docex.http..")
                .should().dependOnClassesThat().resideInAnyPackage(others)
                .orShould().dependOnClassesThat().resideInAnyPackage("org.docex.documents.boundary..",
                        "org.docex.documents.entity..")
                .check(classes);
    }

    // A slice per component; infrastructure is in none.
    private static SliceAssignment components() {
        return new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
                return component(javaClass.getPackageName()).map(SliceIdentifier::of).orElse(SliceIdentifier.ignore());
            }

            @Override
            public String getDescription() {
                return "components";
            }
        };
    }

    static Optional<String> component(String packageName) {
        return Arrays.stream(packageName.split("\\."))
                .skip(2)
                .findFirst()
                .filter(name -> packageName.startsWith("org.docex.") && COMPONENTS.contains(name));
    }
}
