package io.refsut.balances;

import io.refsut.common.mongo.test.ModuleRulesContract;

class ModuleRulesTest extends ModuleRulesContract {

    ModuleRulesTest() {
        super("io.refsut.balances");
    }
}
