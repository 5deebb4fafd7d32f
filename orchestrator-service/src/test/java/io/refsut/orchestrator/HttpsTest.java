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

        Certificate configured = certificate("configured.crt");
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        trust.setCertificateEntry("ca", certificate("configured-ca.crt"));
        TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trustManagers.init(trust);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, trustManagers.getTrustManagers(), null);
        HttpClient client = HttpClient.newBuilder().sslContext(tls).connectTimeout(Duration.ofSeconds(5)).build();

        assertEquals("https", https.getProtocol());
        URI uri = URI.create("https://localhost:" + https.getPort() + "/api/v1/accounts/" + id);
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10))
                .GET().build(), HttpResponse.BodyHandlers.ofString());

        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.body().contains(id.toString()), response.body());
        Certificate served = response.sslSession().orElseThrow().getPeerCertificates()[0];
        assertEquals(configured, served, "the HTTPS port serves the configured certificate");
    }

    private static Certificate certificate(String file) throws Exception {
        try (InputStream in = Files.newInputStream(ConfiguredCertificate.DIR.resolve(file))) {
            return CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }
}
