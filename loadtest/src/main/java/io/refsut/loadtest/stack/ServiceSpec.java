package io.refsut.loadtest.stack;

import java.util.List;

/** One of the five services as the local stack starts it: its module, its contract ports. */
public record ServiceSpec(String name, String module, int httpPort, int httpsPort, int managementPort) {

    /** The five services in start order, with the ports of docs/CONTRACT.md ({@code httpsPort} 0 = none). */
    public static final List<ServiceSpec> ALL = List.of(
            new ServiceSpec("accounts", "service-2", 8082, 0, 9002),
            new ServiceSpec("payments", "service-3", 8083, 0, 9003),
            new ServiceSpec("balances", "service-4", 8084, 0, 9004),
            new ServiceSpec("audit", "service-5", 8085, 0, 9005),
            new ServiceSpec("orchestrator", "orchestrator-service", 8080, 8443, 9000));

    /** The packaged application, relative to the repository root. */
    public String jar() {
        return module + "/target/quarkus-app/quarkus-run.jar";
    }

    public boolean isOrchestrator() {
        return httpsPort != 0;
    }
}
