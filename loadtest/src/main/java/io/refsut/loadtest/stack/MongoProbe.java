package io.refsut.loadtest.stack;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.bson.Document;

/**
 * Before the services start against a MongoDB given by URI: one {@code ping} through the driver, so a wrong URI,
 * credentials the server refuses or a network that does not let this machine in fail the command within
 * {@link #TIMEOUT} with the driver's reason, instead of five services reporting not ready until the start timeout
 * (180 s by default).
 */
final class MongoProbe {

    /** How long the ping waits for a server it can use (the driver's server selection timeout). */
    static final Duration TIMEOUT = Duration.ofSeconds(20);

    private MongoProbe() {
    }

    /**
     * Pings the deployment at {@code uri}; returns a line saying that it answered and how fast. Throws
     * {@link StackException} with the reason (the URI's credentials redacted) when the URI does not parse or no
     * server answered within {@code timeout}.
     */
    static String ping(String uri, Duration timeout) {
        ConnectionString connection;
        try {
            connection = new ConnectionString(uri);
        } catch (IllegalArgumentException e) {
            String why = e.getMessage() == null ? e.toString() : e.getMessage().replace(uri, LocalStack.redact(uri));
            throw new StackException("--mongodb-uri " + LocalStack.redact(uri) + " is not a MongoDB connection string: "
                    + why, e);
        }
        long millis = timeout.toMillis();
        MongoClientSettings settings = MongoClientSettings.builder().applyConnectionString(connection)
                .applyToClusterSettings(cluster -> cluster.serverSelectionTimeout(millis, TimeUnit.MILLISECONDS))
                .applyToSocketSettings(socket -> socket.connectTimeout((int) millis, TimeUnit.MILLISECONDS)
                        .readTimeout((int) millis, TimeUnit.MILLISECONDS))
                .build();
        long start = System.nanoTime();
        try (MongoClient client = MongoClients.create(settings)) {
            client.getDatabase("admin").runCommand(new Document("ping", 1));
            return String.format(Locale.ROOT, "MongoDB at %s answered a ping in %.0f ms", LocalStack.redact(uri),
                    (System.nanoTime() - start) / 1e6);
        } catch (MongoException e) {
            throw new StackException(String.format(Locale.ROOT, "MongoDB at %s did not answer a ping (gave up after "
                    + "%.1f s, at most %d s): %s. Check the URI, the credentials and that the database lets this "
                    + "machine in (Atlas: Network Access)", LocalStack.redact(uri), (System.nanoTime() - start) / 1e9,
                    timeout.toSeconds(), e.getMessage()), e);
        }
    }
}
