package io.refsut.orchestrator;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static io.refsut.orchestrator.StubbedDownstreams.json;

import java.io.InputStream;
import java.net.URI;
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

import com.github.tomakehurst.wiremock.WireMockServer;

/** TLS clients that trust one certificate only (and verify host names), for the tests of the HTTPS port. */
public final class TrustingClients {

    private TrustingClients() {
    }

    /** A TLS context whose only trust anchor is {@code trusted}. */
    public static SSLContext trusting(Certificate trusted) throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("ca", trusted);
        TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trustManagers.init(trust);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, trustManagers.getTrustManagers(), null);
        return tls;
    }

    /** A GET from a client that trusts only the certificate in {@code trusted} and verifies the host name. */
    static HttpResponse<String> getTrusting(Path trusted, URI uri) throws Exception {
        HttpClient client = HttpClient.newBuilder().sslContext(trusting(certificate(trusted)))
                .connectTimeout(Duration.ofSeconds(5)).build();
        return client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The first certificate of a PEM (or DER) file. */
    static Certificate certificate(Path file) throws Exception {
        try (InputStream in = Files.newInputStream(file)) {
            return CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    /** Stubs an active account and its balance behind {@code GET /api/v1/accounts/{id}}; answers the id. */
    static UUID stubbedAccountView(WireMockServer wireMock) {
        UUID id = UUID.randomUUID();
        Warmup.once(wireMock);
        wireMock.stubFor(get("/accounts/" + id).willReturn(json(200, Docs.account(id, "ACTIVE", "EUR"))));
        wireMock.stubFor(get("/balances/" + id).willReturn(json(200, Docs.balance(id, 3, 0, List.of()))));
        return id;
    }
}
