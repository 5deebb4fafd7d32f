package io.refsut.orchestrator.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;

import org.junit.jupiter.api.Test;

import io.refsut.orchestrator.TrustingClients;

class SelfSignedCertificateTest {

    private static final SelfSignedCertificate GENERATED = generate();

    @Test
    void isAnEcCertificateForTheNamesSignedByItsOwnKey() throws Exception {
        X509Certificate cert = certificate(GENERATED);

        assertEquals("EC", cert.getPublicKey().getAlgorithm());
        assertEquals("SHA256withECDSA", cert.getSigAlgName());
        assertEquals("CN=localhost", cert.getSubjectX500Principal().getName());
        assertEquals(cert.getSubjectX500Principal(), cert.getIssuerX500Principal());
        cert.verify(cert.getPublicKey());
        assertEquals(-1, cert.getBasicConstraints(), "not a CA");
        assertTrue(cert.getKeyUsage()[0], "digitalSignature");
        assertTrue(cert.getExtendedKeyUsage().contains("1.3.6.1.5.5.7.3.1"), "serverAuth");
        Set<String> names = cert.getSubjectAlternativeNames().stream()
                .map(name -> name.get(0) + ":" + name.get(1)).collect(Collectors.toSet());
        assertEquals(Set.of("2:localhost", "7:127.0.0.1", "7:0:0:0:0:0:0:0:1"), names);
        cert.checkValidity(new Date());
        cert.checkValidity(Date.from(Instant.now().plus(Duration.ofDays(29))));
        assertThrows(java.security.cert.CertificateExpiredException.class,
                () -> cert.checkValidity(Date.from(Instant.now().plus(Duration.ofDays(31)))));
    }

    @Test
    void servesTls13ToAClientThatTrustsItAndVerifiesTheHostName() throws Exception {
        for (String host : List.of("localhost", "127.0.0.1", "::1")) {
            assertEquals("TLSv1.3", handshake(GENERATED, GENERATED, host), host);
        }
    }

    @Test
    void aClientTrustingAnotherCertificateRefusesIt() {
        assertThrows(SSLHandshakeException.class, () -> handshake(GENERATED, generate(), "localhost"));
    }

    @Test
    void aClientRefusesANameTheCertificateDoesNotHold() {
        assertThrows(SSLHandshakeException.class, () -> handshake(GENERATED, GENERATED, "example.org"));
    }

    private static SelfSignedCertificate generate() {
        try {
            return SelfSignedCertificate.generate("localhost", List.of("localhost", "127.0.0.1", "::1"),
                    Duration.ofDays(30));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A TLS handshake between two in-memory engines; answers the protocol agreed. */
    private static String handshake(SelfSignedCertificate served, SelfSignedCertificate trusted, String host)
            throws Exception {
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        keys.setKeyEntry("server", privateKey(served), new char[0],
                new java.security.cert.Certificate[] {certificate(served)});
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyManagers.init(keys, new char[0]);
        SSLContext serverContext = SSLContext.getInstance("TLS");
        serverContext.init(keyManagers.getKeyManagers(), null, null);

        SSLContext clientContext = TrustingClients.trusting(certificate(trusted));

        SSLEngine server = serverContext.createSSLEngine();
        server.setUseClientMode(false);
        SSLEngine client = clientContext.createSSLEngine(host, 443);
        client.setUseClientMode(true);
        SSLParameters parameters = client.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        client.setSSLParameters(parameters);

        ByteBuffer toServer = ByteBuffer.allocate(1 << 17);
        ByteBuffer toClient = ByteBuffer.allocate(1 << 17);
        ByteBuffer sink = ByteBuffer.allocate(1 << 17);
        ByteBuffer empty = ByteBuffer.allocate(0);
        client.beginHandshake();
        server.beginHandshake();
        for (int step = 0; step < 100 && !(done(client) && done(server)); step++) {
            client.wrap(empty, toServer);
            toServer.flip();
            server.unwrap(toServer, sink);
            toServer.compact();
            runTasks(server);
            server.wrap(empty, toClient);
            toClient.flip();
            client.unwrap(toClient, sink);
            toClient.compact();
            runTasks(client);
        }
        assertTrue(done(client) && done(server), "handshake finished");
        return client.getSession().getProtocol();
    }

    private static boolean done(SSLEngine engine) {
        HandshakeStatus status = engine.getHandshakeStatus();
        return status == HandshakeStatus.NOT_HANDSHAKING || status == HandshakeStatus.FINISHED;
    }

    private static void runTasks(SSLEngine engine) {
        for (Runnable task = engine.getDelegatedTask(); task != null; task = engine.getDelegatedTask()) {
            task.run();
        }
    }

    private static X509Certificate certificate(SelfSignedCertificate generated) throws Exception {
        return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(
                new ByteArrayInputStream(generated.certificatePem().getBytes(StandardCharsets.US_ASCII)));
    }

    private static PrivateKey privateKey(SelfSignedCertificate generated) throws Exception {
        String base64 = generated.privateKeyPem().replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        return KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
    }
}
