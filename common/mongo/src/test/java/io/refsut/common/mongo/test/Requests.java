package io.refsut.common.mongo.test;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;

/** The requests the data services' tests send most. */
public final class Requests {

    private Requests() {
    }

    /** POSTs {@code json} as {@code application/json} to {@code path}; the response, to check. */
    public static ValidatableResponse postJson(String path, String json) {
        return given().contentType(ContentType.JSON).body(json).when().post(path).then();
    }
}
