package io.refsut.loadtest.stack;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class MongoProbeTest {

    @Test
    void aServerThatAnswersPasses() {
        try (EmbeddedMongo mongo = EmbeddedMongo.start()) {
            String line = MongoProbe.ping(mongo.connectionString(), Duration.ofSeconds(10));

            assertTrue(line.startsWith("MongoDB at " + mongo.connectionString() + " answered a ping in "), line);
        }
    }

    @Test
    void nothingListeningFailsWithinTheTimeoutWithTheReasonAndNoPassword() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        String uri = "mongodb://alice:s3cret@127.0.0.1:" + port + "/?authSource=admin";

        StackException failure = assertThrows(StackException.class, () -> MongoProbe.ping(uri, Duration.ofSeconds(1)));

        assertTrue(failure.getMessage().startsWith("MongoDB at mongodb://***@127.0.0.1:" + port
                + "/?authSource=admin did not answer a ping"), failure.getMessage());
        assertTrue(failure.getMessage().contains("Connection refused"), failure.getMessage());
        assertFalse(failure.getMessage().contains("s3cret"), failure.getMessage());
    }

    @Test
    void aStringThatIsNoConnectionStringIsNamedWithoutItsPassword() {
        StackException failure = assertThrows(StackException.class,
                () -> MongoProbe.ping("mongo://alice:s3cret@db.example:27017", Duration.ofSeconds(1)));

        assertTrue(failure.getMessage().startsWith("--mongodb-uri mongo://***@db.example:27017 is not a MongoDB "
                + "connection string: "), failure.getMessage());
        assertFalse(failure.getMessage().contains("s3cret"), failure.getMessage());
    }
}
