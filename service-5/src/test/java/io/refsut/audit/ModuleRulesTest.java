package io.refsut.audit;

import io.refsut.common.mongo.test.ModuleRulesContract;

class ModuleRulesTest extends ModuleRulesContract {

    ModuleRulesTest() {
        super("io.refsut.audit");
    }
}
