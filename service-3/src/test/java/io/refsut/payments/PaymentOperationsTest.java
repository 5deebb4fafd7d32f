package io.refsut.payments;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.refsut.common.mongo.test.EmbeddedMongoResource;
import io.refsut.common.mongo.test.OperationsContract;

@QuarkusTest
@QuarkusTestResource(EmbeddedMongoResource.class)
class PaymentOperationsTest extends OperationsContract {

    PaymentOperationsTest() {
        super("payments", "/payments", "{\"accountId\":\"6f1c1e5e-8d1a-4f43-9a55-0c8a1d3b2e01\",\"amountMinor\":5,\"currency\":\"EUR\",\"reference\":\"m\"}");
    }
}
