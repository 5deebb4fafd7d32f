package io.refsut.orchestrator;

import static io.refsut.orchestrator.TrustingClients.certificate;
import static io.refsut.orchestrator.TrustingClients.getTrusting;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpResponse;
import java.security.cert.Certificate;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

/** The API over TLS on the HTTPS port, with the certificate given by configuration. */
@QuarkusTest
@WithTestResource(WireMockDownstreams.class)
@WithTestResource(ConfiguredCertificate.class)
class HttpsTest extends StubbedDownstreams {

    @TestHTTPResource(value = "/", tls = true)
    URL https;

    @Test
    void servesTheApiOverTlsWithTheConfiguredCertificate() throws Exception {
        UUID id = TrustingClients.stubbedAccountView(wireMock);

        assertEquals("https", https.getProtocol());
        HttpResponse<String> response = getTrusting(ConfiguredCertificate.DIR.resolve("configured-ca.crt"),
                URI.create("https://localhost:" + https.getPort() + "/api/v1/accounts/" + id));

        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.body().contains(id.toString()), response.body());
        Certificate served = response.sslSession().orElseThrow().getPeerCertificates()[0];
        assertEquals(certificate(ConfiguredCertificate.DIR.resolve("configured.crt")), served,
                "the HTTPS port serves the configured certificate");
    }
}
