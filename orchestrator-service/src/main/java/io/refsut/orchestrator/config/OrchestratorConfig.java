package io.refsut.orchestrator.config;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Orchestrator settings under {@code sut.*}; each can be set by the matching environment variable (SUT_...). */
@ConfigMapping(prefix = "sut")
public interface OrchestratorConfig {

    /** Balance debit settings. */
    BalanceSettings balance();

    /** Public HTTP settings. */
    HttpSettings http();

    /** Recovery sweep of payments left PENDING (a crash of the orchestrator between steps, a failed compensation). */
    RecoverySettings recovery();

    /** HTTPS certificate settings. */
    TlsSettings tls();

    /**
     * Fault-tolerance and connection values per downstream ({@code accounts}, {@code payments}, {@code balances},
     * {@code audit}): DownstreamCalls builds its guards and DownstreamClients its REST clients from them.
     */
    Map<String, DownstreamSettings> downstream();

    /** The values of downstream {@code name}; fails when there are no {@code sut.downstream.<name>.*} settings. */
    default DownstreamSettings downstream(String name) {
        DownstreamSettings values = downstream().get(name);
        if (values == null) {
            throw new IllegalStateException("no sut.downstream." + name + ".* settings");
        }
        return values;
    }

    /** Balance debit settings. */
    interface BalanceSettings {
        /**
         * How many times a debit re-reads the balance after a version conflict, and an account update the account
         * after an {@code updatedAt} conflict, before giving up (409).
         */
        @WithDefault("8")
        int maxConflictRetries();
    }

    /** Recovery sweep settings ({@code sut.recovery.*}). */
    interface RecoverySettings {
        /** Sweep at start-up and then every {@link #intervalMs()}; false: no timer (the sweep can still be called). */
        @WithDefault("true")
        boolean enabled();

        /** Time between two sweeps, in milliseconds. */
        @WithDefault("10000")
        long intervalMs();

        /**
         * Only payments PENDING for longer than this are swept, in milliseconds: well above the longest a live
         * payment can take (its calls' timeouts and conflict retries), so the sweep never races a live request.
         */
        @WithDefault("30000")
        long minAgeMs();

        /** Payments asked for per page (service-3 answers at most 100). */
        @WithDefault("50")
        int pageSize();

        /** Pages per sweep at most; the rest waits for the next sweep. */
        @WithDefault("20")
        int maxPages();
    }

    /**
     * Public HTTP settings, applied by common-web ({@code BodyLimit} reads the same property); mapped here so that
     * every {@code sut.*} property of the orchestrator is checked at start.
     */
    interface HttpSettings {
        /** Request bodies declaring a larger Content-Length are refused with 413 before they are read. */
        @WithDefault("16384")
        long maxBodyBytes();
    }

    /** HTTPS certificate settings. */
    interface TlsSettings {
        /** PEM certificate (chain) served on the HTTPS port ({@code SUT_TLS_CERT_FILE}). */
        Optional<Path> certFile();

        /** PEM private key of that certificate ({@code SUT_TLS_KEY_FILE}). */
        Optional<Path> keyFile();

        /** Where a self-signed certificate is written when neither file is given; default: a temp directory. */
        Optional<Path> generatedDir();
    }

    /** Fault-tolerance and connection values of one downstream. */
    interface DownstreamSettings {
        /** Timeout of one call attempt, in milliseconds. */
        long timeoutMs();

        /** Retries of a failed find (inserts and replaces are never retried). */
        int findRetries();

        /** Delay before a find retry, in milliseconds. */
        long retryDelayMs();

        /** Rolling window of calls over which the breaker computes its failure ratio. */
        int breakerRequestVolume();

        /** Failure ratio in the window that opens the breaker. */
        double breakerFailureRatio();

        /** How long the breaker stays open before letting trial calls through, in milliseconds. */
        long breakerDelayMs();

        /** Successful trial calls that close the breaker again. */
        int breakerSuccessThreshold();

        /** Concurrent calls per operation (find, insert, replace) that the bulkhead allows. */
        int bulkhead();

        /** Calls per operation that may wait for a bulkhead slot; beyond that the call fails at once (503). */
        int bulkheadQueue();

        /** Pooled HTTP connections to this downstream per Vert.x event loop (a REST client per loop). */
        int connectionPoolSize();

        /** Connect timeout, in milliseconds. */
        long connectTimeoutMs();

        /** Socket read timeout, in milliseconds: a little above timeoutMs, so abandoned calls free their connection. */
        long readTimeoutMs();
    }
}
