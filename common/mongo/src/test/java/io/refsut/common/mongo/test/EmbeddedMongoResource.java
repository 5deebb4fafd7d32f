package io.refsut.common.mongo.test;

import java.net.InetSocketAddress;
import java.util.Map;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/** Starts the embedded MongoDB-wire-compatible server on a free loopback port for a {@code @QuarkusTest}. */
public class EmbeddedMongoResource implements QuarkusTestResourceLifecycleManager {

    private MongoServer server;

    @Override
    public Map<String, String> start() {
        server = new MongoServer(new MemoryBackend());
        server.bind("127.0.0.1", 0);
        InetSocketAddress address = server.getLocalAddress();
        return Map.of("quarkus.mongodb.connection-string",
                "mongodb://127.0.0.1:" + address.getPort() + "",
                "quarkus.mongodb.devservices.enabled", "false");
    }

    @Override
    public void stop() {
        if (server != null) {
            server.shutdownNow();
        }
    }
}
