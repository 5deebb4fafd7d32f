package io.refsut.orchestrator;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static io.refsut.orchestrator.StubbedDownstreams.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

/** The API over TLS on the HTTPS port, with the certificate given by configuration. */
@QuarkusTest
@WithTestResource(WireMockDownstreams.class)
@WithTestResource(ConfiguredCertificate.class)
class HttpsTest {

    @InjectWireMock
    WireMockServer wireMock;

    @TestHTTPResource(value = "/", tls = true)
    URL https;

    @Test
    void servesTheApiOverTlsWithTheConfiguredCertificate() throws Exception {
        UUID id = UUID.randomUUID();
        Warmup.once(wireMock);
        wireMock.stubFor(get("/accounts/" + id).willReturn(json(200, Docs.account(id, "ACTIVE", "EUR"))));
        wireMock.stubFor(get("/balances/" + id).willReturn(json(200, Docs.balance(id, 3, 0, List.of()))));

        assertEquals("https", https.getProtocol());
        HttpResponse<String> response = getTrusting(ConfiguredCertificate.DIR.resolve("configured-ca.crt"),
                URI.create("https://localhost:" + https.getPort() + "/api/v1/accounts/" + id));

        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.body().contains(id.toString()), response.body());
        Certificate served = response.sslSession().orElseThrow().getPeerCertificates()[0];
        assertEquals(certificate(ConfiguredCertificate.DIR.resolve("configured.crt")), served,
                "the HTTPS port serves the configured certificate");
    }

    /** A GET from a client that trusts only the certificate in {@code trusted} and verifies the host name. */
    static HttpResponse<String> getTrusting(Path trusted, URI uri) throws Exception {
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        trust.setCertificateEntry("ca", certificate(trusted));
        TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trustManagers.init(trust);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, trustManagers.getTrustManagers(), null);
        HttpClient client = HttpClient.newBuilder().sslContext(tls).connectTimeout(Duration.ofSeconds(5)).build();
        return client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static Certificate certificate(Path file) throws Exception {
        try (InputStream in = Files.newInputStream(file)) {
            return CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }
}
