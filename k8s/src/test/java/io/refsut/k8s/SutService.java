package io.refsut.k8s;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The five services as deployed: Kubernetes name, Maven module, published replica count, and ports read from the module. */
enum SutService {
    ORCHESTRATOR("orchestrator", "orchestrator-service", 2, null, null),
    ACCOUNTS("accounts", "service-2", 2, "accounts", "QUARKUS_REST_CLIENT_ACCOUNTS_URL"),
    PAYMENTS("payments", "service-3", 1, "payments", "QUARKUS_REST_CLIENT_PAYMENTS_URL"),
    BALANCES("balances", "service-4", 2, "balances", "QUARKUS_REST_CLIENT_BALANCES_URL"),
    AUDIT("audit", "service-5", 1, "audit", "QUARKUS_REST_CLIENT_AUDIT_URL");

    private static final Pattern EXPRESSION = Pattern.compile("\\$\\{[^:}]+:(\\d+)}");

    /** Deployment, Service and ServiceAccount name. */
    final String name;
    /** Maven module directory. */
    final String module;
    /** Replicas as published: accounts, balances and the orchestrator are on most call paths. */
    final int replicas;
    /** MongoDB database of a data service, null for the orchestrator. */
    final String database;
    /** Orchestrator environment variable holding this data service's URL, null for the orchestrator. */
    final String urlVariable;

    SutService(String name, String module, int replicas, String database, String urlVariable) {
        this.name = name;
        this.module = module;
        this.replicas = replicas;
        this.database = database;
        this.urlVariable = urlVariable;
    }

    boolean isDataService() {
        return database != null;
    }

    /** {@code quarkus.http.port} from the module's application.properties. */
    int httpPort() {
        return port("quarkus.http.port").orElseGet(() -> fail(missing("quarkus.http.port")));
    }

    /** {@code quarkus.management.port} from the module's application.properties. */
    int managementPort() {
        return port("quarkus.management.port").orElseGet(() -> fail(missing("quarkus.management.port")));
    }

    /** {@code quarkus.http.ssl-port}, set only by the orchestrator. */
    OptionalInt sslPort() {
        return port("quarkus.http.ssl-port");
    }

    static SutService named(String name) {
        for (SutService service : values()) {
            if (service.name.equals(name)) {
                return service;
            }
        }
        return fail("no service is deployed as " + name);
    }

    private OptionalInt port(String key) {
        String value = properties().getProperty(key);
        if (value == null) {
            return OptionalInt.empty();
        }
        value = value.trim();
        Matcher expression = EXPRESSION.matcher(value);
        if (expression.matches()) {
            value = expression.group(1);
        }
        assertTrue(value.matches("\\d+"), key + " in " + propertiesFile() + " is not a port number: " + value);
        return OptionalInt.of(Integer.parseInt(value));
    }

    private Properties properties() {
        Path file = propertiesFile();
        if (!Files.isRegularFile(file)) {
            fail(file + " is missing: the k8s checks compare the manifests with each service's configured ports");
        }
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file, e);
        }
        return properties;
    }

    private Path propertiesFile() {
        return Repo.root().resolve(module).resolve("src/main/resources/application.properties");
    }

    private String missing(String key) {
        return key + " is not set in " + propertiesFile();
    }
}
