package io.refsut.orchestrator.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
import io.vertx.core.buffer.Buffer;
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
        PemKeyCertOptions keyCert;
        if (tls.certFile().isPresent() && tls.keyFile().isPresent()) {
            Path cert = tls.certFile().get();
            Path key = tls.keyFile().get();
            if (!Files.isReadable(cert) || !Files.isReadable(key)) {
                throw new IllegalStateException("TLS certificate " + cert + " or key " + key + " is not readable");
            }
            keyCert = new PemKeyCertOptions().setCertPath(cert.toString()).setKeyPath(key.toString());
            Log.infof("HTTPS uses the certificate %s and key %s", cert, key);
        } else if (tls.certFile().isPresent() || tls.keyFile().isPresent()) {
            throw new IllegalStateException("Set both SUT_TLS_CERT_FILE and SUT_TLS_KEY_FILE, or neither "
                    + "(then a self-signed certificate is generated)");
        } else {
            SelfSignedCertificate generated = SelfSignedCertificate.generate("localhost",
                    List.of("localhost", "127.0.0.1"), Duration.ofDays(365));
            // served from memory: the files are for clients, and another orchestrator starting on this machine
            // may overwrite them meanwhile
            keyCert = new PemKeyCertOptions().setCertValue(Buffer.buffer(generated.certificatePem()))
                    .setKeyValue(Buffer.buffer(generated.privateKeyPem()));
            Path dir = tls.generatedDir().orElse(Path.of(System.getProperty("java.io.tmpdir"),
                    "refsut-orchestrator-tls"));
            Files.createDirectories(dir);
            Path cert = dir.resolve("orchestrator.crt");
            Path key = dir.resolve("orchestrator.key");
            Files.writeString(cert, generated.certificatePem());
            writeOwnerOnly(key, generated.privateKeyPem());
            // a self-signed certificate is its own issuer: the file clients add to their trust store
            Files.writeString(dir.resolve("orchestrator-ca.crt"), generated.certificatePem());
            Log.warnf("No SUT_TLS_CERT_FILE / SUT_TLS_KEY_FILE given: generated a self-signed certificate "
                    + "(EC P-256) for localhost and 127.0.0.1, valid 365 days, at %s (key %s); clients must trust %s "
                    + "explicitly", cert, key, dir.resolve("orchestrator-ca.crt"));
        }
        registry.register(NAME, new PemTlsConfiguration(keyCert));
    }

    /**
     * Writes the file readable and writable by its owner only from its creation on (where the file system has POSIX
     * permissions): a new file, then renamed over the old one, so an orchestrator starting meanwhile cannot collide.
     */
    private static void writeOwnerOnly(Path file, String text) throws java.io.IOException {
        Path dir = file.getParent();
        Path written = Files.getFileStore(dir).supportsFileAttributeView("posix")
                ? Files.createTempFile(dir, file.getFileName().toString(), ".tmp",
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))
                : Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
        Files.writeString(written, text);
        Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** A server-side TLS configuration holding one PEM certificate and key. */
    static final class PemTlsConfiguration extends BaseTlsConfiguration {

        private final PemKeyCertOptions keyCert;

        PemTlsConfiguration(PemKeyCertOptions keyCert) {
            this.keyCert = keyCert;
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
