package io.refsut.common.mongo.test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.emptyIterable;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.http.TestHTTPResource;
import io.restassured.http.ContentType;

/**
 * Checks every data service shares: health and metrics on the management interface, the MongoDB operation
 * timer and the effective-settings gauge. A service's test extends it and names its collection, its path and a
 * valid document without an id; the contract inserts that document once and finds it by the id it was given.
 */
public abstract class OperationsContract {

    private final String collection;
    private final String path;
    private final String document;

    @TestHTTPResource(value = "/metrics", management = true)
    URL metrics;

    @TestHTTPResource(value = "/health/ready", management = true)
    URL ready;

    @TestHTTPResource(value = "/health/live", management = true)
    URL live;

    /**
     * @param collection the collection name in the timer's tag
     * @param path the resource's path ("/accounts")
     * @param document a valid JSON document to insert, without an id
     */
    protected OperationsContract(String collection, String path, String document) {
        this.collection = collection;
        this.path = path;
        this.document = document;
    }

    /** One successful insert and one successful find through the service's API. */
    private void insertAndFindOne() {
        String id = given().contentType(ContentType.JSON).body(document).post(path).then().statusCode(201)
                .extract().path("id");
        given().get(path + "/" + id).then().statusCode(200).body("id", equalTo(id));
    }

    @Test
    void isReadyWhenMongoDbAnswersAPing() {
        given().when().get(ready).then().statusCode(200).body("status", equalTo("UP"))
                .body(containsString("MongoDB"));
        given().when().get(live).then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void exposesMongoDbOperationTimerAfterAnOperation() throws IOException {
        insertAndFindOne();
        String scrape = given().when().get(metrics).then().statusCode(200).extract().asString();
        String insert = "sut_mongodb_operation_seconds_count{collection=\"" + collection
                + "\",operation=\"insert\",outcome=\"success\"}";
        String find = "sut_mongodb_operation_seconds_count{collection=\"" + collection
                + "\",operation=\"find\",outcome=\"success\"}";
        assertTrue(scrape.contains(insert), "insert timer present: " + insert);
        assertTrue(scrape.contains(find), "find timer present: " + find);
        assertTrue(scrape.contains("sut_mongodb_operation_seconds_bucket{collection=\"" + collection
                + "\",operation=\"find\",outcome=\"success\",le=\"1.0E-5\"}"), "histogram starts at 10 µs");
        assertTrue(scrape.contains("sut_mongodb_settings{"), "effective settings gauge present");
        assertTrue(scrape.contains("mongodb_driver_commands_seconds"), "driver command metrics present");
        // the k8s module checks the Grafana dashboard against this scrape
        Path out = Path.of("target", "metrics-scrape.prom");
        Files.createDirectories(out.getParent());
        Files.writeString(out, scrape);
    }

    private String insertOne() {
        return given().contentType(ContentType.JSON).body(document).post(path).then().statusCode(201)
                .extract().path("id");
    }

    private static String idList(List<String> ids) {
        return ids.stream().map(id -> "\"" + id + "\"").collect(Collectors.joining(",", "{\"ids\":[", "]}"));
    }

    @Test
    void lookupFindsTheDocumentsThatExistOnceEach() throws IOException {
        String first = insertOne();
        String second = insertOne();
        String unknown = UUID.randomUUID().toString();
        Requests.postJson(path + "/lookup", idList(List.of(first, unknown, second, first)))
                .statusCode(200).contentType(ContentType.JSON)
                .body("found.id", containsInAnyOrder(first, second));
        Requests.postJson(path + "/lookup", idList(List.of(unknown))).statusCode(200)
                .body("found", emptyIterable());
        String scrape = given().when().get(metrics).then().statusCode(200).extract().asString();
        assertTrue(scrape.contains("sut_mongodb_operation_seconds_count{collection=\"" + collection
                + "\",operation=\"lookup\",outcome=\"success\"}"), "lookup timer present");
    }

    @Test
    void lookupRefusesBadIdListsWith400() {
        List<String> tooMany = new ArrayList<>();
        for (int i = 0; i <= io.refsut.common.web.IdList.MAX_IDS; i++) {
            tooMany.add(UUID.randomUUID().toString());
        }
        for (String body : List.of(idList(tooMany), "{\"ids\":[]}", "{}", "{\"ids\":[\"not-a-uuid\"]}",
                "{\"ids\":[null]}", "{\"ids\":\"" + UUID.randomUUID() + "\"}")) {
            Requests.postJson(path + "/lookup", body).statusCode(400)
                    .contentType(containsString("application/problem+json"))
                    .body("status", equalTo(400)).body("detail", containsString("ids"));
        }
    }

    @Test
    void managementEndpointsAreNotOnTheApiPort() {
        given().when().get("/q/metrics").then().statusCode(404);
        given().when().get("/q/health/ready").then().statusCode(404);
    }
}
