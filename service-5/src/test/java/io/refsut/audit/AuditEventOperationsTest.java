package io.refsut.audit;

import static io.restassured.RestAssured.given;

import java.util.UUID;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.refsut.common.mongo.test.EmbeddedMongoResource;
import io.refsut.common.mongo.test.OperationsContract;
import io.restassured.http.ContentType;

@QuarkusTest
@QuarkusTestResource(EmbeddedMongoResource.class)
class AuditEventOperationsTest extends OperationsContract {

    @Override
    protected String collection() {
        return "audit_events";
    }

    @Override
    protected void insertAndFindOne() {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON).body("{\"id\":\"" + id + "\",\"type\":\"ACCOUNT_CREATED\",\"subjectId\":\""
                + UUID.randomUUID() + "\"}")
                .post("/audit-events").then().statusCode(201);
        given().get("/audit-events/" + id).then().statusCode(200);
    }
}
