package io.refsut.orchestrator;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The orchestrator's side of the module rules (docs/ARCHITECTURE.md; the build-wide check of the poms is
 * common-web's ModuleDependenciesTest): no class of it uses MongoDB or a data service's code; it reaches the data
 * services over HTTP only.
 */
class ArchitectureTest {

    private static final JavaClasses ORCHESTRATOR = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.refsut.orchestrator");

    @Test
    void usesNoMongoDbCode() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("io.refsut.common.mongo..", "com.mongodb..",
                "org.bson..", "io.quarkus.mongodb..")
                .check(ORCHESTRATOR);
    }

    @Test
    void usesNoDataServiceCode() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("io.refsut.accounts..", "io.refsut.payments..",
                "io.refsut.balances..", "io.refsut.audit..")
                .check(ORCHESTRATOR);
    }
}
