package io.refsut.balances;

import static io.restassured.RestAssured.given;

import java.util.UUID;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.refsut.common.mongo.test.EmbeddedMongoResource;
import io.refsut.common.mongo.test.OperationsContract;
import io.restassured.http.ContentType;

@QuarkusTest
@QuarkusTestResource(EmbeddedMongoResource.class)
class BalanceOperationsTest extends OperationsContract {

    @Override
    protected String collection() {
        return "balances";
    }

    @Override
    protected void insertAndFindOne() {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON).body("{\"id\":\"" + id + "\",\"currency\":\"EUR\",\"availableMinor\":5}")
                .post("/balances").then().statusCode(201);
        given().get("/balances/" + id).then().statusCode(200);
    }
}
