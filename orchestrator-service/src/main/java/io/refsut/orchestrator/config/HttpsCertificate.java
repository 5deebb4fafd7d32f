package io.refsut.orchestrator.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.quarkus.logging.Log;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.tls.BaseTlsConfiguration;
import io.quarkus.tls.TlsConfigurationRegistry;
import io.vertx.core.net.KeyCertOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.SSLOptions;

/**
 * Registers the HTTPS server's TLS configuration ({@value #NAME}) before the HTTP server opens its sockets: the PEM
 * files from {@code SUT_TLS_CERT_FILE} / {@code SUT_TLS_KEY_FILE}, or a self-signed certificate (EC P-256,
 * {@link SelfSignedCertificate}) generated now.
 */
@ApplicationScoped
public class HttpsCertificate {

    /** Name referenced by {@code quarkus.http.tls-configuration-name}. */
    public static final String NAME = "orchestrator-https";

    void register(@Observes @Priority(1) StartupEvent event, TlsConfigurationRegistry registry,
            OrchestratorConfig config) throws Exception {
        OrchestratorConfig.TlsSettings tls = config.tls();
        Path cert;
        Path key;
        if (tls.certFile().isPresent() && tls.keyFile().isPresent()) {
            cert = tls.certFile().get();
            key = tls.keyFile().get();
            if (!Files.isReadable(cert) || !Files.isReadable(key)) {
                throw new IllegalStateException("TLS certificate " + cert + " or key " + key + " is not readable");
            }
            Log.infof("HTTPS uses the certificate %s and key %s", cert, key);
        } else if (tls.certFile().isPresent() || tls.keyFile().isPresent()) {
            throw new IllegalStateException("Set both SUT_TLS_CERT_FILE and SUT_TLS_KEY_FILE, or neither "
                    + "(then a self-signed certificate is generated)");
        } else {
            Path dir = tls.generatedDir().orElse(Path.of(System.getProperty("java.io.tmpdir"),
                    "refsut-orchestrator-tls"));
            Files.createDirectories(dir);
            SelfSignedCertificate generated = SelfSignedCertificate.generate("localhost",
                    List.of("localhost", "127.0.0.1"), Duration.ofDays(365));
            cert = dir.resolve("orchestrator.crt");
            key = dir.resolve("orchestrator.key");
            Files.writeString(cert, generated.certificatePem());
            Files.writeString(key, generated.privateKeyPem());
            if (Files.getFileStore(key).supportsFileAttributeView("posix")) {
                Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
            }
            // a self-signed certificate is its own issuer: the file clients add to their trust store
            Files.writeString(dir.resolve("orchestrator-ca.crt"), generated.certificatePem());
            Log.warnf("No SUT_TLS_CERT_FILE / SUT_TLS_KEY_FILE given: generated a self-signed certificate "
                    + "(EC P-256) for localhost and 127.0.0.1, valid 365 days, at %s (key %s); clients must trust %s "
                    + "explicitly", cert, key, dir.resolve("orchestrator-ca.crt"));
        }
        registry.register(NAME, new PemTlsConfiguration(cert, key));
    }

    /** A server-side TLS configuration holding one PEM certificate and key. */
    static final class PemTlsConfiguration extends BaseTlsConfiguration {

        private final PemKeyCertOptions keyCert;

        PemTlsConfiguration(Path cert, Path key) {
            this.keyCert = new PemKeyCertOptions().setCertPath(cert.toString()).setKeyPath(key.toString());
        }

        @Override
        public KeyCertOptions getKeyStoreOptions() {
            return keyCert;
        }

        @Override
        public SSLOptions getSSLOptions() {
            return new SSLOptions().setKeyCertOptions(keyCert)
                    .setEnabledSecureTransportProtocols(Set.of("TLSv1.3", "TLSv1.2"));
        }

        @Override
        public String getName() {
            return NAME;
        }
    }
}
