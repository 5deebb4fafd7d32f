package io.refsut.orchestrator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * With no certificate configured, the HTTPS port serves the one generated at start (EC P-256), and a client that
 * trusts only the written {@code orchestrator-ca.crt} and verifies the host name reaches it as localhost and as
 * 127.0.0.1.
 */
@QuarkusTest
@WithTestResource(WireMockDownstreams.class)
class GeneratedCertificateTest extends StubbedDownstreams {

    /** {@code %test.sut.tls.generated-dir} in application.properties. */
    private static final Path DIR = Path.of("target", "generated-tls");

    @TestHTTPResource(value = "/", tls = true)
    URL https;

    @Test
    void servesTheGeneratedCertificateToClientsTrustingTheWrittenFile() throws Exception {
        UUID id = TrustingClients.stubbedAccountView(wireMock);

        for (String host : List.of("localhost", "127.0.0.1")) {
            HttpResponse<String> response = TrustingClients.getTrusting(DIR.resolve("orchestrator-ca.crt"),
                    URI.create("https://" + host + ":" + https.getPort() + "/api/v1/accounts/" + id));

            assertEquals(200, response.statusCode(), host + ": " + response.body());
            assertTrue(response.body().contains(id.toString()), response.body());
            X509Certificate served = (X509Certificate) response.sslSession().orElseThrow().getPeerCertificates()[0];
            assertEquals(TrustingClients.certificate(DIR.resolve("orchestrator.crt")), served, host);
            assertEquals("EC", served.getPublicKey().getAlgorithm());
        }
    }
}
