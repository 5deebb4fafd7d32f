package io.refsut.common.mongo;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

import org.bson.RawBsonDocument;
import org.bson.codecs.Codec;
import org.bson.conversions.Bson;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.client.model.Filters;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.mongodb.reactive.ReactiveMongoClient;
import io.quarkus.mongodb.reactive.ReactiveMongoCollection;
import io.refsut.common.web.ProblemException;
import io.smallrye.mutiny.Uni;

/**
 * Single-document operations on one collection, each timed into {@code sut.mongodb.operation}; every written
 * document is encoded once, checked against the size limit, and written as encoded.
 *
 * @param <T> the document type (a record with a {@code @BsonId UUID id})
 */
public class DocumentStore<T> {

    /** Largest document, in bytes of BSON, that any service stores. */
    public static final int MAX_DOCUMENT_BYTES = 1024;

    /** Histogram range of the operation timer: 10 µs to 10 s. */
    private static final Duration MIN_EXPECTED = Duration.ofNanos(10_000);
    private static final Duration MAX_EXPECTED = Duration.ofSeconds(10);

    private final String collectionName;
    private final String what;
    private final ReactiveMongoCollection<T> collection;
    private final ReactiveMongoCollection<RawBsonDocument> raw;
    private final Codec<T> codec;
    private final MeterRegistry registry;
    private final Map<TimerKey, Timer> timers = new ConcurrentHashMap<>();

    /**
     * @param what how the document is named in messages ("account")
     */
    public DocumentStore(ReactiveMongoClient client, MeterRegistry registry, String database, String collectionName,
            Class<T> type, String what) {
        this.collectionName = collectionName;
        this.what = what;
        this.collection = client.getDatabase(database).getCollection(collectionName, type);
        this.raw = collection.withDocumentClass(RawBsonDocument.class);
        this.codec = collection.getCodecRegistry().get(type);
        this.registry = registry;
    }

    /** The document with this id, if present. */
    public Uni<Optional<T>> find(UUID id) {
        return timed("find", () -> collection.find(Filters.eq("_id", id)).collect().first().map(Optional::ofNullable),
                found -> found.isPresent() ? "success" : "not_found");
    }

    /** The documents with these ids that exist, in no particular order: one query ({@code _id $in}). */
    public Uni<List<T>> findAll(List<UUID> ids) {
        return timed("lookup", () -> collection.find(Filters.in("_id", ids)).collect().asList(), found -> "success");
    }

    /** The document with this id, or a 404 problem. */
    public Uni<T> get(UUID id) {
        return find(id).map(found -> found.orElseThrow(() -> ProblemException.notFound(what, id)));
    }

    /** Inserts the document: 413 when it is over the size limit, 409 when its id exists; nothing written then. */
    public Uni<T> insert(UUID id, T document) {
        RawBsonDocument encoded = encode(document);
        return timed("insert", () -> raw.insertOne(encoded).replaceWith(document), inserted -> "success")
                .onFailure(DocumentStore::isDuplicateKey)
                .transform(e -> ProblemException.conflict("duplicate-id", what + " " + id + " already exists"));
    }

    /**
     * Replaces the document matching the id and the extra filter ({@code null} for none).
     *
     * @return whether a document matched
     */
    public Uni<Boolean> replace(UUID id, Bson extraFilter, T document) {
        RawBsonDocument encoded = encode(document);
        Bson filter = extraFilter == null ? Filters.eq("_id", id) : Filters.and(Filters.eq("_id", id), extraFilter);
        return timed("replace", () -> raw.replaceOne(filter, encoded).map(result -> result.getMatchedCount() > 0),
                matched -> matched ? "success" : (extraFilter == null ? "not_found" : "conflict"));
    }

    /**
     * Replaces the whole document with this id, or a 404 problem when there is none.
     *
     * @return the document as stored
     */
    public Uni<T> replaceExisting(UUID id, T document) {
        return replace(id, null, document).map(matched -> {
            if (!matched) {
                throw ProblemException.notFound(what, id);
            }
            return document;
        });
    }

    /**
     * Deletes the document matching the id and the extra filter ({@code null} for none); used by compensations only.
     *
     * @return whether a document was deleted
     */
    public Uni<Boolean> delete(UUID id, Bson extraFilter) {
        Bson filter = extraFilter == null ? Filters.eq("_id", id) : Filters.and(Filters.eq("_id", id), extraFilter);
        return timed("delete", () -> collection.deleteOne(filter).map(result -> result.getDeletedCount() > 0),
                deleted -> deleted ? "success" : "not_found");
    }

    /** Creates the index if it does not exist (idempotent); answers its name. */
    public Uni<String> createIndex(Bson keys, com.mongodb.client.model.IndexOptions options) {
        return collection.createIndex(keys, options);
    }

    /** At most {@code limit} documents matching the filter, in the order of {@code sort}. */
    public Uni<List<T>> findMany(Bson filter, Bson sort, int limit) {
        return timed("query", () -> collection.find(filter,
                new io.quarkus.mongodb.FindOptions().sort(sort).limit(limit)).collect().asList(),
                found -> "success");
    }

    /**
     * The creation time to keep on a replace: the one the client passed back after reading the document, else the
     * stored one (one extra find, 404 when the document is absent).
     */
    public Uni<Instant> keptCreatedAt(UUID id, Instant passedBack, Function<T, Instant> createdAt) {
        return passedBack != null ? Uni.createFrom().item(passedBack) : get(id).map(createdAt);
    }

    /** The document as BSON, or a 413 problem when it is over {@link #MAX_DOCUMENT_BYTES}. */
    public RawBsonDocument encode(T document) {
        RawBsonDocument encoded = new RawBsonDocument(document, codec);
        int size = encoded.getByteBuffer().remaining();
        if (size > MAX_DOCUMENT_BYTES) {
            throw new ProblemException(413, "document-too-large", "Content Too Large",
                    "the " + what + " would be " + size + " bytes of BSON; the limit is " + MAX_DOCUMENT_BYTES
                            + " bytes (shorten the free-text fields)");
        }
        return encoded;
    }

    private <R> Uni<R> timed(String operation, Supplier<Uni<R>> call, Function<R, String> outcome) {
        return Uni.createFrom().deferred(() -> {
            long start = System.nanoTime();
            return call.get().onItemOrFailure().invoke((item, failure) -> timer(operation,
                    failure == null ? outcome.apply(item) : (isDuplicateKey(failure) ? "duplicate" : "error"))
                    .record(System.nanoTime() - start, TimeUnit.NANOSECONDS));
        });
    }

    private Timer timer(String operation, String outcome) {
        return timers.computeIfAbsent(new TimerKey(operation, outcome), key -> Timer.builder("sut.mongodb.operation")
                .description("Time spent in one MongoDB operation, as the service's driver sees it")
                .tag("collection", collectionName)
                .tag("operation", operation)
                .tag("outcome", outcome)
                .publishPercentileHistogram()
                .minimumExpectedValue(MIN_EXPECTED)
                .maximumExpectedValue(MAX_EXPECTED)
                .register(registry));
    }

    /** A timer's tags besides the collection; a record rather than a joined string, as it is built on every call. */
    private record TimerKey(String operation, String outcome) {
    }

    private static boolean isDuplicateKey(Throwable failure) {
        return failure instanceof MongoWriteException mwe
                && mwe.getError().getCategory() == ErrorCategory.DUPLICATE_KEY;
    }

}
