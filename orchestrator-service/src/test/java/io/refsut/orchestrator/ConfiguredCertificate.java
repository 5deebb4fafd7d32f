package io.refsut.orchestrator;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.smallrye.certs.CertificateGenerator;
import io.smallrye.certs.CertificateRequest;
import io.smallrye.certs.Format;

/** Generates a PEM certificate and key for localhost and hands them to the orchestrator as configured files. */
public class ConfiguredCertificate implements QuarkusTestResourceLifecycleManager {

    /** Directory of the generated files: {@code configured.crt}, {@code configured.key}, {@code configured-ca.crt}. */
    static final Path DIR = Path.of("target", "test-tls");

    @Override
    public Map<String, String> start() {
        try {
            Files.createDirectories(DIR);
            new CertificateGenerator(DIR, true).generate(new CertificateRequest()
                    .withName("configured")
                    .withFormat(Format.PEM)
                    .withCN("localhost")
                    .withSubjectAlternativeName("DNS:localhost")
                    .withDuration(Duration.ofDays(2)));
        } catch (Exception e) {
            throw new IllegalStateException("cannot generate the test certificate", e);
        }
        return Map.of(
                "sut.tls.cert-file", DIR.resolve("configured.crt").toString(),
                "sut.tls.key-file", DIR.resolve("configured.key").toString());
    }

    @Override
    public void stop() {
        // nothing to stop: the files are regenerated at every start
    }
}
