package io.refsut.common.mongo;

import java.time.Instant;
import java.util.UUID;
import java.util.function.Function;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;

import io.refsut.common.web.Created;
import io.refsut.common.web.DocumentList;
import io.refsut.common.web.IdList;
import io.refsut.common.web.Ids;
import io.smallrye.mutiny.Uni;

/**
 * What the four data-service resources share: find by the id in the path, find many by id (the lookup a
 * reconciliation reads with), insert under the client's id or a new one (201 with its location), and the steps of a
 * replace. A service's resource extends it, carries its own
 * {@code @Path}, and says how a request becomes a document.
 *
 * @param <T> the document type
 */
public abstract class DocumentResource<T> {

    private final DocumentStore<T> store;
    private final String path;

    /**
     * @param path the resource's path ("/accounts"), for the location of created documents
     */
    protected DocumentResource(DocumentStore<T> store, String path) {
        this.store = store;
        this.path = path;
    }

    @GET
    @Path("/{id}")
    public Uni<T> get(@PathParam("id") String id) {
        return store.get(Ids.parse("id", id));
    }

    /**
     * Finds up to {@link IdList#MAX_IDS} documents in one MongoDB query: {@code {"found": [document, …]}}. Not part
     * of the measured workload: the load test's read-back after a run reads with it.
     */
    @POST
    @Path("/lookup")
    public Uni<DocumentList<T>> lookup(@NotNull @Valid IdList request) {
        return store.findAll(request.distinct()).map(DocumentList::new);
    }

    /** Inserts the document built for the requested id, or for a new one when there is none: 201 with its location. */
    protected Uni<Response> insert(UUID requestedId, Function<UUID, T> document) {
        UUID id = requestedId != null ? requestedId : UUID.randomUUID();
        return store.insert(id, document.apply(id)).map(created -> Created.at(path, id, created));
    }

    /** The id a replace applies to: the path's, which the body may repeat but not contradict (400 otherwise). */
    protected static UUID replaceId(String pathId, UUID bodyId) {
        UUID id = Ids.parse("id", pathId);
        Ids.requireSameAsPath(bodyId, id);
        return id;
    }

    /**
     * Replaces the whole document, keeping its creation time (the one passed back, else the stored one); 404 when
     * there is no document with this id.
     */
    protected Uni<T> replaceKeepingCreatedAt(UUID id, Instant passedBack, Function<T, Instant> createdAt,
            Function<Instant, T> document) {
        return store.keptCreatedAt(id, passedBack, createdAt)
                .flatMap(created -> store.replaceExisting(id, document.apply(created)));
    }
}
