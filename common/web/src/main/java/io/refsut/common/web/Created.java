package io.refsut.common.web;

import java.net.URI;
import java.util.UUID;

import jakarta.ws.rs.core.Response;

/** The answer to a create, in every service: 201, the new resource's location, the resource as the body. */
public final class Created {

    private Created() {
    }

    /**
     * @param path the collection's path ("/api/v1/payments"); the location is {@code path/id}
     */
    public static Response at(String path, UUID id, Object entity) {
        return Response.created(URI.create(path + "/" + id)).entity(entity).build();
    }
}
