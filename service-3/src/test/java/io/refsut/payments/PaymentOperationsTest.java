package io.refsut.payments;

import static io.restassured.RestAssured.given;

import java.util.UUID;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.refsut.common.mongo.test.EmbeddedMongoResource;
import io.refsut.common.mongo.test.OperationsContract;
import io.restassured.http.ContentType;

@QuarkusTest
@QuarkusTestResource(EmbeddedMongoResource.class)
class PaymentOperationsTest extends OperationsContract {

    @Override
    protected String collection() {
        return "payments";
    }

    @Override
    protected void insertAndFindOne() {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON).body("{\"id\":\"" + id + "\",\"accountId\":\"" + UUID.randomUUID()
                + "\",\"amountMinor\":5,\"currency\":\"EUR\",\"reference\":\"m\"}")
                .post("/payments").then().statusCode(201);
        given().get("/payments/" + id).then().statusCode(200);
    }
}
