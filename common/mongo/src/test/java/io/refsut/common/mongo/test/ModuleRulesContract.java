package io.refsut.common.mongo.test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * A module's side of the module rules (docs/ARCHITECTURE.md), on its classes: it uses no other service's code. Each
 * data service's test and common's extend it, naming the module's package. (The poms are checked by common-web's
 * ModuleDependenciesTest, the orchestrator's classes by its own ArchitectureTest.)
 */
public abstract class ModuleRulesContract {

    /** The packages of the five services. */
    public static final List<String> SERVICE_PACKAGES = List.of("io.refsut.accounts", "io.refsut.payments",
            "io.refsut.balances", "io.refsut.audit", "io.refsut.orchestrator");

    private final String ownPackage;

    protected ModuleRulesContract(String ownPackage) {
        this.ownPackage = ownPackage;
    }

    /** The module's main classes. */
    protected JavaClasses classes() {
        return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(ownPackage);
    }

    @Test
    void usesNoOtherServicesCode() {
        String[] others = SERVICE_PACKAGES.stream().filter(other -> !other.equals(ownPackage))
                .map(other -> other + "..").toArray(String[]::new);
        noClasses().should().dependOnClassesThat().resideInAnyPackage(others).check(classes());
    }
}
