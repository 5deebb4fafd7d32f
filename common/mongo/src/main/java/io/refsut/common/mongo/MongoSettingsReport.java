package io.refsut.common.mongo;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.mongodb.ConnectionString;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.logging.Log;
import io.quarkus.mongodb.reactive.ReactiveMongoClient;
import io.quarkus.runtime.StartupEvent;

/**
 * At start: logs the effective MongoDB settings, warns where the connection string asked for something else
 * (Quarkus's {@code quarkus.mongodb.write-concern.*} options win over the URI), and publishes them as the
 * {@code sut.mongodb.settings} gauge so every run can record what was measured.
 */
@Singleton
public class MongoSettingsReport {

    private final EffectiveMongoSettings settings;
    private final MeterRegistry registry;
    private final Optional<String> connectionString;
    private final String database;
    private final ReactiveMongoClient client;

    public MongoSettingsReport(EffectiveMongoSettings settings, MeterRegistry registry, ReactiveMongoClient client,
            @ConfigProperty(name = "quarkus.mongodb.connection-string") Optional<String> connectionString,
            @ConfigProperty(name = "quarkus.mongodb.database") String database) {
        this.settings = settings;
        this.registry = registry;
        this.client = client;
        this.connectionString = connectionString;
        this.database = database;
    }

    void onStart(@Observes StartupEvent event) {
        // touching the client makes Quarkus build it, which runs the capturing customizer
        client.getDatabase(database);
        Log.infof("MongoDB effective settings: database=%s w=%s journal=%s retryWrites=%s retryReads=%s "
                + "readPreference=%s readConcern=%s pool=%d..%d maxWait=%dms serverSelectionTimeout=%dms "
                + "connectTimeout=%dms readTimeout=%dms operationTimeout=%s uuidRepresentation=%s hosts=%s",
                database, settings.w(), settings.journal(), settings.retryWrites(), settings.retryReads(),
                settings.readPreference(), settings.readConcern(), settings.minPoolSize(), settings.maxPoolSize(),
                settings.maxWaitTimeMs(), settings.serverSelectionTimeoutMs(), settings.connectTimeoutMs(),
                settings.readTimeoutMs(),
                settings.operationTimeoutMs() < 0 ? "none" : settings.operationTimeoutMs() + "ms",
                settings.uuidRepresentation(), settings.settings().getClusterSettings().getHosts());
        conflicts().forEach(Log::warn);
        Gauge.builder("sut.mongodb.settings", () -> 1)
                .description("Effective MongoDB client settings of this service (value is always 1)")
                .tag("database", database)
                .tag("w", settings.w())
                .tag("journal", settings.journal())
                .tag("retry_writes", String.valueOf(settings.retryWrites()))
                .tag("read_preference", settings.readPreference())
                .tag("read_concern", settings.readConcern())
                .tag("max_pool_size", String.valueOf(settings.maxPoolSize()))
                .tag("min_pool_size", String.valueOf(settings.minPoolSize()))
                .register(registry);
    }

    /** Options of the configured connection string that the effective settings do not honour. */
    public List<String> conflicts() {
        return connectionString.map(this::conflicts).orElse(List.of());
    }

    /** Options of this connection string that the effective settings do not honour. */
    public List<String> conflicts(String connectionString) {
        List<String> conflicts = new ArrayList<>();
        ConnectionString uri = new ConnectionString(connectionString);
        if (uri.getWriteConcern() != null) {
            Object w = uri.getWriteConcern().getWObject();
            if (w != null && !String.valueOf(w).equals(settings.w())) {
                conflicts.add(ignored("w=" + w, "w=" + settings.w(), "QUARKUS_MONGODB_WRITE_CONCERN_W"));
            }
            Boolean journal = uri.getWriteConcern().getJournal();
            if (journal != null && !journal.toString().equals(settings.journal())) {
                conflicts.add(ignored("journal=" + journal, "journal=" + settings.journal(),
                        "QUARKUS_MONGODB_WRITE_CONCERN_JOURNAL"));
            }
        }
        Boolean retryWrites = uri.getRetryWritesValue();
        if (retryWrites != null && retryWrites != settings.retryWrites()) {
            conflicts.add(ignored("retryWrites=" + retryWrites, "retryWrites=" + settings.retryWrites(),
                    "QUARKUS_MONGODB_WRITE_CONCERN_RETRY_WRITES"));
        }
        if (uri.getReadPreference() != null
                && !uri.getReadPreference().getName().equals(settings.readPreference())) {
            conflicts.add(ignored("readPreference=" + uri.getReadPreference().getName(),
                    "readPreference=" + settings.readPreference(), "QUARKUS_MONGODB_READ_PREFERENCE"));
        }
        return conflicts;
    }

    private static String ignored(String asked, String used, String variable) {
        return "The connection string asks for " + asked + " but the driver uses " + used
                + " (Quarkus's own setting wins); set " + variable + " to choose";
    }
}
