package io.refsut.orchestrator.service;

import java.util.List;
import java.util.UUID;

/**
 * Response of a public lookup ({@code POST /api/v1/accounts/lookup}, {@code POST /api/v1/payments/lookup}): the views
 * found, in the order of the ids asked for (each once), and the ids for which the single read would answer 404.
 */
public record Lookup<T>(List<T> found, List<UUID> notFound) {
}
