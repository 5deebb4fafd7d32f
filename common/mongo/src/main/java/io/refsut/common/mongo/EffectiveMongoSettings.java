package io.refsut.common.mongo;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.ReadConcernLevel;

import io.quarkus.mongodb.runtime.MongoClientCustomizer;

/**
 * Applies the two driver settings Quarkus has no property for (connection-pool wait time, client-side operation
 * timeout) unless the connection string sets them, then captures the settings the driver is really built with,
 * after Quarkus has applied its own {@code quarkus.mongodb.*} options over the connection string.
 */
@Singleton
public class EffectiveMongoSettings implements MongoClientCustomizer {

    private final AtomicReference<MongoClientSettings> captured = new AtomicReference<>();
    private final Optional<ConnectionString> connectionString;
    private final Duration maxWaitTime;
    private final Optional<Duration> operationTimeout;

    public EffectiveMongoSettings(
            @ConfigProperty(name = "quarkus.mongodb.connection-string") Optional<String> connectionString,
            @ConfigProperty(name = "sut.mongodb.max-wait-time", defaultValue = "2s") Duration maxWaitTime,
            @ConfigProperty(name = "sut.mongodb.operation-timeout") Optional<Duration> operationTimeout) {
        this.connectionString = connectionString.map(ConnectionString::new);
        this.maxWaitTime = maxWaitTime;
        this.operationTimeout = operationTimeout;
    }

    @Override
    public MongoClientSettings.Builder customize(MongoClientSettings.Builder builder) {
        // without a bound, a request waits up to two minutes for a pooled connection under overload
        if (connectionString.map(ConnectionString::getMaxWaitTime).isEmpty()) {
            builder.applyToConnectionPoolSettings(pool -> pool.maxWaitTime(maxWaitTime.toMillis(), TimeUnit.MILLISECONDS));
        }
        if (connectionString.map(ConnectionString::getTimeout).isEmpty()) {
            operationTimeout.ifPresent(timeout -> builder.timeout(timeout.toMillis(), TimeUnit.MILLISECONDS));
        }
        captured.set(builder.build());
        return builder;
    }

    /** The captured settings; the client must have been created first. */
    public MongoClientSettings settings() {
        MongoClientSettings settings = captured.get();
        if (settings == null) {
            throw new IllegalStateException("the MongoDB client has not been created yet");
        }
        return settings;
    }

    /** The write concern's {@code w} as text ({@code majority}, {@code 1}, …; {@code default} when unset). */
    public String w() {
        Object w = settings().getWriteConcern().getWObject();
        return w == null ? "default" : String.valueOf(w);
    }

    /** The write concern's journal flag as text ({@code default} when unset). */
    public String journal() {
        Boolean journal = settings().getWriteConcern().getJournal();
        return journal == null ? "default" : journal.toString();
    }

    public boolean retryWrites() {
        return settings().getRetryWrites();
    }

    public boolean retryReads() {
        return settings().getRetryReads();
    }

    public String readPreference() {
        return settings().getReadPreference().getName();
    }

    public String readConcern() {
        ReadConcernLevel level = settings().getReadConcern().getLevel();
        return level == null ? "default" : level.getValue();
    }

    public int maxPoolSize() {
        return settings().getConnectionPoolSettings().getMaxSize();
    }

    public int minPoolSize() {
        return settings().getConnectionPoolSettings().getMinSize();
    }

    public long serverSelectionTimeoutMs() {
        return settings().getClusterSettings().getServerSelectionTimeout(TimeUnit.MILLISECONDS);
    }

    public long connectTimeoutMs() {
        return settings().getSocketSettings().getConnectTimeout(TimeUnit.MILLISECONDS);
    }

    public long readTimeoutMs() {
        return settings().getSocketSettings().getReadTimeout(TimeUnit.MILLISECONDS);
    }

    public long maxWaitTimeMs() {
        return settings().getConnectionPoolSettings().getMaxWaitTime(TimeUnit.MILLISECONDS);
    }

    /** Client-side operation timeout (CSOT) in ms, or -1 when not set. */
    public long operationTimeoutMs() {
        Long timeout = settings().getTimeout(TimeUnit.MILLISECONDS);
        return timeout == null ? -1 : timeout;
    }

    public String uuidRepresentation() {
        return settings().getUuidRepresentation().name().toLowerCase();
    }
}
