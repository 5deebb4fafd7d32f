package io.refsut.orchestrator.client;

/**
 * A body the orchestrator sends to a data service's insert or replace ({@link DocumentsRestClient}); each service's
 * contract has its own records. Serialized as the record it is.
 */
public interface DocumentWrite {
}
