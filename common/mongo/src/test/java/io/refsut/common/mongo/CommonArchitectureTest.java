package io.refsut.common.mongo;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import org.junit.jupiter.api.Test;

import io.refsut.common.mongo.test.ModuleRulesContract;

/** Common's side of the module rules (docs/ARCHITECTURE.md): it uses no service, and its web part no MongoDB. */
class CommonArchitectureTest extends ModuleRulesContract {

    CommonArchitectureTest() {
        super("io.refsut.common");
    }

    @Test
    void webPartUsesNoMongoDb() {
        noClasses().that().resideInAPackage("io.refsut.common.web..")
                .should().dependOnClassesThat().resideInAnyPackage("io.refsut.common.mongo..", "com.mongodb..",
                        "org.bson..", "io.quarkus.mongodb..")
                .check(classes());
    }
}
