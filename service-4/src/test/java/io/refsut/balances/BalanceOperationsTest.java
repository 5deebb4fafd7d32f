package io.refsut.balances;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.refsut.common.mongo.test.EmbeddedMongoResource;
import io.refsut.common.mongo.test.OperationsContract;

@QuarkusTest
@QuarkusTestResource(EmbeddedMongoResource.class)
class BalanceOperationsTest extends OperationsContract {

    BalanceOperationsTest() {
        super("balances", "/balances", "{\"currency\":\"EUR\",\"availableMinor\":5}");
    }
}
