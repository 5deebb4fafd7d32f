package io.refsut.audit;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.refsut.common.mongo.test.EmbeddedMongoResource;
import io.refsut.common.mongo.test.OperationsContract;

@QuarkusTest
@QuarkusTestResource(EmbeddedMongoResource.class)
class AuditEventOperationsTest extends OperationsContract {

    AuditEventOperationsTest() {
        super("audit_events", "/audit-events", "{\"type\":\"ACCOUNT_CREATED\",\"subjectId\":\"6f1c1e5e-8d1a-4f43-9a55-0c8a1d3b2e01\"}");
    }
}
