package io.refsut.loadtest.stack;

import de.bwaldvogel.mongo.MongoServer;
import java.net.InetSocketAddress;

/**
 * The embedded MongoDB-wire-compatible server (de.bwaldvogel mongo-java-server, in memory) in this JVM, on a free
 * loopback port. A stand-in, not MongoDB: see loadtest/README.md, "The embedded server is not a database".
 *
 * @param server the running server
 * @param connectionString how the services reach it
 * @param port the loopback port it listens on
 */
public record EmbeddedMongo(MongoServer server, String connectionString, int port) implements AutoCloseable {

    /** What run.json and the summary say about a run on this server. */
    public static final String DESCRIPTION = "embedded mongo-java-server (in-memory, wire-compatible stand-in, not "
            + "MongoDB: no replica set, its own storage and locking; its latencies are not a database's)";

    /** Starts the server on a free port of 127.0.0.1. */
    public static EmbeddedMongo start() {
        MongoServer server = new MongoServer(new IdLookupBackend());
        server.bind("127.0.0.1", 0);
        InetSocketAddress address = server.getLocalAddress();
        return new EmbeddedMongo(server, "mongodb://127.0.0.1:" + address.getPort(), address.getPort());
    }

    @Override
    public void close() {
        server.shutdownNow();
    }
}
