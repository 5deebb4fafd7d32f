package io.refsut.loadtest.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.refsut.loadtest.report.PrometheusText;
import io.refsut.loadtest.report.ServerMetrics;
import io.refsut.loadtest.simulation.AckRecord;
import io.refsut.loadtest.simulation.WriteOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuditCheckTest {

    @TempDir
    Path folder;

    private static ServerMetrics audit(long inserts) {
        String text = "sut_mongodb_operation_seconds_count{collection=\"audit_events\",operation=\"insert\","
                + "outcome=\"success\"} " + inserts + "\n"
                + "sut_mongodb_operation_seconds_sum{collection=\"audit_events\",operation=\"insert\","
                + "outcome=\"success\"} " + inserts * 0.001 + "\n";
        return ServerMetrics.of(Instant.EPOCH, Map.of("audit", PrometheusText.parse(text)), Map.of());
    }

    private Path log(int acknowledged, int failed) throws IOException {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < acknowledged + failed; i++) {
            UUID id = UUID.randomUUID();
            lines.add(new AckRecord("make_payment", i < acknowledged ? WriteOutcome.ACKNOWLEDGED
                    : WriteOutcome.INDETERMINATE, i < acknowledged ? 201 : 0, id, id, 5, "", 1, 2).toLine());
        }
        Path file = folder.resolve("writes.csv");
        Files.write(file, lines);
        return file;
    }

    @Test
    void everyAcknowledgedWriteNeedsAnAuditEvent() throws IOException {
        AuditCheck ok = AuditCheck.of(audit(100), audit(150), List.of(log(50, 2)));
        assertEquals(50, ok.checked());
        assertEquals(0, ok.missing());

        AuditCheck short3 = AuditCheck.of(audit(100), audit(147), List.of(log(50, 2)));
        assertEquals(47, short3.checked());
        assertEquals(3, short3.missing());
        assertTrue(short3.note().contains("stored 47 events"), short3.note());
    }

    @Test
    void withoutTheAuditServicesMetricsItSaysItDidNotCheck() throws IOException {
        AuditCheck none = AuditCheck.of(ServerMetrics.empty(), ServerMetrics.empty(), List.of(log(5, 0)));
        assertEquals(0, none.missing());
        assertTrue(none.note().startsWith("not checked"), none.note());
    }
}
