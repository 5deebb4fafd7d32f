package io.refsut.accounts;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.refsut.common.mongo.test.EmbeddedMongoResource;
import io.refsut.common.mongo.test.OperationsContract;

@QuarkusTest
@QuarkusTestResource(EmbeddedMongoResource.class)
class AccountOperationsTest extends OperationsContract {

    AccountOperationsTest() {
        super("accounts", "/accounts", "{\"owner\":\"M\",\"currency\":\"EUR\",\"status\":\"ACTIVE\"}");
    }
}
