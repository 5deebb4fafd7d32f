package io.refsut.accounts;

import static io.restassured.RestAssured.given;

import java.util.UUID;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.refsut.common.mongo.test.EmbeddedMongoResource;
import io.refsut.common.mongo.test.OperationsContract;
import io.restassured.http.ContentType;

@QuarkusTest
@QuarkusTestResource(EmbeddedMongoResource.class)
class AccountOperationsTest extends OperationsContract {

    @Override
    protected String collection() {
        return "accounts";
    }

    @Override
    protected void insertAndFindOne() {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON)
                .body("{\"id\":\"" + id + "\",\"owner\":\"M\",\"currency\":\"EUR\",\"status\":\"ACTIVE\"}")
                .post("/accounts").then().statusCode(201);
        given().get("/accounts/" + id).then().statusCode(200);
    }
}
