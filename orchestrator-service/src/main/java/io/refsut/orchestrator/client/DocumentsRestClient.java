package io.refsut.orchestrator.client;

import java.util.UUID;

import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import io.smallrye.mutiny.Uni;

/**
 * The HTTP contract the data services with replaceable documents share (docs/CONTRACT.md): find, insert and replace
 * one document by id. A service's contract extends it with its own types, path and configuration key.
 *
 * <p>
 * The bodies are typed {@link DocumentWrite}, not by a type parameter: the REST client cannot resolve a type variable
 * in a parameter of an inherited method. The service's contract names its body records.
 *
 * @param <T> the document as the service answers it
 */
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface DocumentsRestClient<T> {

    @GET
    @Path("/{id}")
    Uni<T> find(@PathParam("id") UUID id, @BeanParam CallContext context);

    @POST
    Uni<T> insert(DocumentWrite body, @BeanParam CallContext context);

    @PUT
    @Path("/{id}")
    Uni<T> replace(@PathParam("id") UUID id, DocumentWrite body, @BeanParam CallContext context);
}
