package io.refsut.orchestrator.service;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import io.quarkus.logging.Log;
import io.refsut.orchestrator.client.DependencyUnavailableException;
import io.refsut.orchestrator.client.DownstreamRejectedException;

/**
 * Why a business transaction did not complete, as the client sees it: HTTP status, problem type slug, detail, and
 * the writes already made ({@code partial}), so that a run can reconcile.
 */
public class TransactionFailure extends RuntimeException {

    private final int status;
    private final String slug;
    private final List<Written> partial;
    private final List<Written> compensated;

    public TransactionFailure(int status, String slug, String detail, List<Written> partial) {
        this(status, slug, detail, partial, List.of());
    }

    public TransactionFailure(int status, String slug, String detail, List<Written> partial,
            List<Written> compensated) {
        super(detail, null, false, false);
        this.status = status;
        this.slug = slug;
        this.partial = List.copyOf(partial);
        this.compensated = List.copyOf(compensated);
    }

    /**
     * This failure after a compensation undid the writes {@code undone} (a payment CANCELLED, a debit restored, an
     * orphan document deleted): nothing that reads as done remains, so {@code partial} becomes empty.
     */
    public TransactionFailure compensatedBy(List<Written> undone, String how) {
        return new TransactionFailure(status, slug, getMessage() + "; compensated: " + how, List.of(), undone);
    }

    /** This failure when its compensation could not finish: the writes stay partial, {@code what} says why. */
    public TransactionFailure withNote(String what) {
        return new TransactionFailure(status, slug, getMessage() + "; " + what, partial, compensated);
    }

    public int status() {
        return status;
    }

    public String slug() {
        return slug;
    }

    public List<Written> partial() {
        return partial;
    }

    /** The writes a compensation undid (empty when there was none). */
    public List<Written> compensated() {
        return compensated;
    }

    /** 404: the named document does not exist. */
    public static TransactionFailure notFound(String detail) {
        return new TransactionFailure(404, "not-found", detail, List.of());
    }

    /** 422: the request is well-formed but the documents it refers to do not allow it. */
    public static TransactionFailure unprocessable(String detail) {
        return new TransactionFailure(422, "unprocessable", detail, List.of());
    }

    /**
     * The client-facing failure for {@code cause}, carrying {@code written}: a dependency failure gives 503, a
     * downstream 4xx keeps its status.
     */
    public static TransactionFailure of(Throwable cause, List<Written> written) {
        if (cause instanceof TransactionFailure failure) {
            List<Written> all = new ArrayList<>(written);
            failure.partial.stream().filter(w -> !all.contains(w)).forEach(all::add);
            return new TransactionFailure(failure.status, failure.slug, failure.getMessage(), all,
                    failure.compensated);
        }
        if (cause instanceof DependencyUnavailableException unavailable) {
            String detail = "dependency '" + unavailable.dependency().label() + "' is unavailable: "
                    + unavailable.getMessage();
            return new TransactionFailure(503, "dependency-unavailable", withPartial(detail, written), written);
        }
        if (cause instanceof DownstreamRejectedException rejected) {
            String detail = rejected.dependency().label() + ": " + rejected.getMessage();
            return new TransactionFailure(rejected.status(), slug(rejected.status()), withPartial(detail, written),
                    written);
        }
        Log.errorf(cause, "Unexpected failure in a business transaction");
        return new TransactionFailure(500, "internal", withPartial("unexpected failure ("
                + cause.getClass().getSimpleName() + "); see the orchestrator log", written), written);
    }

    /** The failure to report when several parallel legs failed: a dependency failure wins over a rejection. */
    public static TransactionFailure of(List<Throwable> causes, List<Written> written) {
        Throwable chosen = causes.stream().filter(DependencyUnavailableException.class::isInstance).findFirst()
                .orElse(causes.get(0));
        return of(chosen, written);
    }

    private static String withPartial(String detail, List<Written> written) {
        if (written.isEmpty()) {
            return detail;
        }
        return detail + "; the transaction is partial, already written: "
                + written.stream().map(Written::toString).collect(Collectors.joining(", "));
    }

    private static String slug(int status) {
        return switch (status) {
            case 400 -> "validation";
            case 404 -> "not-found";
            case 409 -> "duplicate-id";
            case 413 -> "document-too-large";
            default -> "rejected";
        };
    }
}
