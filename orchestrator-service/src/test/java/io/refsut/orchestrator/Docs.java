package io.refsut.orchestrator;

import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;

/** JSON documents as the data services return them, for WireMock stubs. */
final class Docs {

    private Docs() {
    }

    static String account(UUID id, String status, String currency) {
        return account(id, status, currency, READ_UPDATED_AT);
    }

    /** When the accounts that {@link #account(UUID, String, String)} answers were last updated. */
    static final String READ_UPDATED_AT = "2026-01-01T00:00:00Z";

    static String account(UUID id, String status, String currency, String updatedAt) {
        return """
                {"id":"%s","owner":"Ada","currency":"%s","status":"%s","note":null,
                 "createdAt":"2026-01-01T00:00:00Z","updatedAt":"%s"}""".formatted(id, currency, status, updatedAt);
    }

    static String balance(UUID id, long available, long version, List<UUID> applied) {
        String ids = applied.stream().map(u -> "\"" + u + "\"").collect(Collectors.joining(","));
        return """
                {"id":"%s","currency":"EUR","availableMinor":%d,"version":%d,"appliedPayments":[%s],"note":null,
                 "updatedAt":"2026-01-01T00:00:00Z"}""".formatted(id, available, version, ids);
    }

    static String payment(UUID id, UUID accountId, long amount) {
        return payment(id, accountId, amount, "PENDING");
    }

    static String payment(UUID id, UUID accountId, long amount, String status) {
        return """
                {"id":"%s","accountId":"%s","amountMinor":%d,"currency":"EUR","reference":"invoice 1","note":null,
                 "status":"%s","createdAt":"2026-01-01T00:00:00Z"}""".formatted(id, accountId, amount, status);
    }

    static String audit(UUID subject, String type) {
        return """
                {"id":"%s","type":"%s","subjectId":"%s","requestId":"r","details":"d",
                 "occurredAt":"2026-01-01T00:00:00Z"}""".formatted(UUID.randomUUID(), type, subject);
    }

    static String problem(int status, String detail) {
        return """
                {"type":"urn:refsut:problem:x","title":"t","status":%d,"detail":"%s"}""".formatted(status, detail);
    }
}
