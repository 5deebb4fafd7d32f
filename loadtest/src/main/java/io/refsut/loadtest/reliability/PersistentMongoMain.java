package io.refsut.loadtest.reliability;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/**
 * The embedded MongoDB stand-in as a process of its own, on a file (mongo-java-server's H2 MVStore backend), so
 * that it can be killed and restarted with its data: {@code PersistentMongoMain FILE PORT}. Every write command is
 * committed to the file before it is answered (the backend alone commits about once a second, so a kill would lose
 * the last acknowledged writes).
 */
public final class PersistentMongoMain {

    private static final Set<String> WRITES = Set.of("insert", "update", "delete", "findandmodify", "createindexes",
            "create", "drop", "dropdatabase");

    private PersistentMongoMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 2) {
            System.err.println("usage: PersistentMongoMain FILE PORT");
            System.exit(2);
        }
        MongoServer server = new MongoServer(new CommittingBackend(args[0]));
        server.bind("127.0.0.1", Integer.parseInt(args[1]));
        System.out.println("listening on " + server.getLocalAddress() + ", data in " + args[0]);
        System.out.flush();
        new CountDownLatch(1).await();
    }

    /** The H2 backend, committing after every write command. */
    private static final class CommittingBackend extends H2Backend {
        CommittingBackend(String file) {
            super(file);
        }

        @Override
        public Document handleCommand(Channel channel, String database, String command, Document query) {
            Document result = super.handleCommand(channel, database, command, query);
            if (WRITES.contains(command.toLowerCase(Locale.ROOT))) {
                commit();
            }
            return result;
        }
    }
}
