package io.refsut.loadtest.bench;

import io.refsut.loadtest.stack.EmbeddedMongo;
import java.io.IOException;

/**
 * The embedded MongoDB stand-in as a process of its own, so that the operating system accounts its CPU time and
 * memory apart from the injector's: prints {@code mongodb://127.0.0.1:<port>} on a line of its own, serves until its
 * standard input closes (its parent ended or closed it), then stops.
 */
public final class EmbeddedMongoMain {

    private EmbeddedMongoMain() {
    }

    public static void main(String[] args) throws IOException {
        EmbeddedMongo mongo = EmbeddedMongo.start();
        System.out.println(mongo.connectionString());
        System.out.flush();
        while (System.in.read() >= 0) {
            // wait for end of input
        }
        mongo.close();
        System.exit(0);
    }
}
