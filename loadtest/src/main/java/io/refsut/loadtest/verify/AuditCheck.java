package io.refsut.loadtest.verify;

import io.refsut.loadtest.report.ServerMetrics;
import io.refsut.loadtest.report.ServerReport;
import io.refsut.loadtest.report.ServerTiming;
import io.refsut.loadtest.simulation.AckRecord;
import io.refsut.loadtest.simulation.WriteOutcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The audit trail against the acknowledged writes, by count. Every acknowledged create, update and payment must have
 * written one audit event (the orchestrator inserts it before answering 2xx). Neither the orchestrator's public API
 * nor the audit service can look an event up by the operation it records (the audit service's only read is
 * {@code GET /audit-events/{id}} by the event's own id, which the service generates), so the check counts: the audit
 * service's successful MongoDB inserts ({@code sut_mongodb_operation_seconds_count{operation="insert",
 * outcome="success"}}) between a scrape before the first checked phase and one after the last must be at least the
 * acknowledged writes, and at most those plus the writes of unknown outcome.
 *
 * @param checked acknowledged writes covered by an audit insert ({@code min(acknowledged, inserts)})
 * @param missing acknowledged writes without one ({@code max(0, acknowledged − inserts)})
 * @param note    what was compared, or why nothing was
 */
public record AuditCheck(long checked, long missing, String note) {

    /** Compares the audit service's inserts between {@code before} and {@code after} with the writes in {@code logs}. */
    public static AuditCheck of(ServerMetrics before, ServerMetrics after, List<Path> logs) throws IOException {
        long acknowledged = 0;
        long uncertain = 0;
        for (Path log : logs) {
            if (!Files.exists(log)) {
                continue;
            }
            try (Stream<String> lines = Files.lines(log, StandardCharsets.UTF_8)) {
                for (AckRecord r : lines.filter(l -> !l.isBlank()).map(AckRecord::parse).toList()) {
                    if (r.outcome() == WriteOutcome.ACKNOWLEDGED) {
                        acknowledged++;
                    } else {
                        uncertain++;
                    }
                }
            }
        }
        if (before == null || after == null || !before.samples().containsKey("audit")
                || !after.samples().containsKey("audit")) {
            return new AuditCheck(0, 0, "not checked: the audit service's metrics were not scraped (local stack, or "
                    + "--metrics audit=URL with --target); " + acknowledged + " acknowledged writes");
        }
        Map<String, ServerTiming> audit = ServerReport.diff(before, after).mongodb().getOrDefault("audit", Map.of());
        ServerTiming inserts = audit.get("insert");
        long ok = inserts == null ? 0 : inserts.outcomes().getOrDefault("success", 0L);
        String note = "by count: the audit service stored " + ok + " events while the checked phases acknowledged "
                + acknowledged + " writes (" + uncertain + " more failed or had an unknown outcome)";
        if (ok > acknowledged + uncertain) {
            note += "; " + (ok - acknowledged - uncertain) + " more events than writes attempted";
        }
        return new AuditCheck(Math.min(acknowledged, ok), Math.max(0, acknowledged - ok), note);
    }
}
