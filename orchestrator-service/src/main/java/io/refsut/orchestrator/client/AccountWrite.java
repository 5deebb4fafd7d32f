package io.refsut.orchestrator.client;

import java.time.Instant;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;

/** Body of service-2 POST and PUT {@code /accounts}; {@code createdAt} on PUT spares service-2 a read. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AccountWrite(UUID id, String owner, String currency, String status, String note, Instant createdAt)
        implements DocumentWrite {
}
