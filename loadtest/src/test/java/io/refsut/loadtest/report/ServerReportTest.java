package io.refsut.loadtest.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ServerReportTest {

    private static String mongo(String operation, String outcome, double[] bucketCounts, double count, double sum) {
        String labels = "collection=\"accounts\",operation=\"" + operation + "\",outcome=\"" + outcome + "\"";
        String[] bounds = {"1.0E-4", "2.0E-4", "4.0E-4", "0.001", "+Inf"};
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < bounds.length; i++) {
            text.append("sut_mongodb_operation_seconds_bucket{").append(labels).append(",le=\"").append(bounds[i])
                    .append("\"} ").append(bucketCounts[i]).append('\n');
        }
        text.append("sut_mongodb_operation_seconds_count{").append(labels).append("} ").append(count).append('\n');
        text.append("sut_mongodb_operation_seconds_sum{").append(labels).append("} ").append(sum).append('\n');
        text.append("sut_mongodb_operation_seconds_max{").append(labels).append("} 0.0009\n");
        return text.toString();
    }

    private static ServerMetrics snapshot(Map<String, String> texts) {
        Map<String, List<PrometheusText.Sample>> samples = new TreeMap<>();
        texts.forEach((service, text) -> samples.put(service, PrometheusText.parse(text)));
        return ServerMetrics.of(Instant.EPOCH, samples, Map.of());
    }

    @Test
    void diffsHistogramBucketsIntoMicrosecondPercentiles() {
        ServerMetrics before = snapshot(Map.of("accounts",
                mongo("find", "success", new double[] {10, 10, 10, 10, 10}, 10, 0.0005)));
        // during the run: 100 finds, 50 under 100 µs, 40 in (100, 200], 10 in (200, 400]; 2 of them not found
        ServerMetrics after = snapshot(Map.of("accounts",
                mongo("find", "success", new double[] {58, 98, 108, 108, 108}, 108, 0.0005 + 0.0147)
                        + mongo("find", "not_found", new double[] {2, 2, 2, 2, 2}, 2, 0.0001)));
        ServerReport report = ServerReport.diff(before, after);

        ServerTiming find = report.mongodb().get("accounts").get("find");
        assertEquals(100, find.count());
        assertEquals(Map.of("success", 98L, "not_found", 2L), find.outcomes());
        assertEquals(148.0, find.meanUs(), 1e-6);
        assertEquals(100.0, find.p50Us(), 1e-6);
        assertEquals(300.0, find.p95Us(), 1e-6);
        assertEquals(380.0, find.p99Us(), 1e-6);
        assertEquals(List.of("accounts"), report.scraped());
    }

    @Test
    void quantileFollowsPromQlHistogramQuantile() {
        Map<Double, Double> cumulative = Map.of(0.1, 50.0, 0.2, 90.0, Double.POSITIVE_INFINITY, 100.0);
        assertEquals(0.1, ServerReport.quantile(0.5, cumulative), 1e-12);
        assertEquals(0.175, ServerReport.quantile(0.8, cumulative), 1e-12);
        // in the +Inf bucket: the highest finite bound
        assertEquals(0.2, ServerReport.quantile(0.99, cumulative), 1e-12);
        assertTrue(Double.isNaN(ServerReport.quantile(0.5, Map.of())));
    }

    @Test
    void readsOrchestratorTimersPartialTransactionsAndSettings() {
        String business = TimerText.of("sut_business_operation_seconds",
                "operation=\"make_payment\",outcome=\"success\"", "0.01", 4, 4, 0.02)
                + TimerText.of("sut_downstream_call_seconds",
                        "dependency=\"balances\",call=\"replace\",outcome=\"conflict\"", "0.01", 1, 1, 0.003)
                + "sut_transaction_partial_total{operation=\"make_payment\"} 5\n";
        String settings = "sut_mongodb_settings{database=\"balances\",journal=\"true\",w=\"majority\"} 1.0\n";
        ServerMetrics before = snapshot(Map.of("orchestrator", "sut_transaction_partial_total{operation=\"make_payment\"} 2\n",
                "balances", settings));
        ServerMetrics after = snapshot(Map.of("orchestrator", business, "balances", settings));
        ServerReport report = ServerReport.diff(before, after);

        assertEquals(4, report.business().get("make_payment").count());
        assertEquals(5000.0, report.business().get("make_payment").meanUs(), 1e-6);
        assertEquals(Map.of("conflict", 1L), report.downstream().get("balances.replace").outcomes());
        assertEquals(Map.of("make_payment", 3L), report.partialTransactions());
        assertEquals("majority", report.settings().get("balances").get("w"));
        assertTrue(report.mongodb().isEmpty());
    }

    @Test
    void notesRestartsAndServicesWithoutABaseline() {
        ServerMetrics before = ServerMetrics.of(Instant.EPOCH, Map.of("accounts", PrometheusText.parse(
                mongo("find", "success", new double[] {50, 50, 50, 50, 50}, 50, 0.005))),
                Map.of("audit", "ConnectException"));
        ServerMetrics after = snapshot(Map.of(
                "accounts", mongo("find", "success", new double[] {5, 5, 5, 5, 5}, 5, 0.0005),
                "payments", mongo("insert", "success", new double[] {1, 1, 1, 1, 1}, 1, 0.0001)));
        ServerReport report = ServerReport.diff(before, after);

        assertEquals(5, report.mongodb().get("accounts").get("find").count());
        assertEquals(1, report.mongodb().get("payments").get("insert").count());
        assertEquals(Map.of("audit", "ConnectException"), report.missing());
        assertEquals(2, report.notes().size(), report.notes().toString());
    }

    @Test
    void gaugesThatGoDownAreNotTakenForARestart() {
        String gauges = "jvm_memory_used_bytes{area=\"heap\"} %s\nsut_mongodb_operation_seconds_max{collection=\"a\","
                + "operation=\"find\",outcome=\"success\"} %s\n";
        ServerMetrics before = ServerMetrics.of(Instant.EPOCH, Map.of("accounts", PrometheusText.parse(
                mongo("find", "success", new double[] {1, 1, 1, 1, 1}, 1, 0.001) + gauges.formatted("9.0E7", "0.2"))),
                Map.of());
        ServerMetrics after = snapshot(Map.of("accounts",
                mongo("find", "success", new double[] {4, 4, 4, 4, 4}, 4, 0.004) + gauges.formatted("4.0E7", "0.01")));
        ServerReport report = ServerReport.diff(before, after);

        assertEquals(3, report.mongodb().get("accounts").get("find").count());
        assertEquals(List.of(), report.notes());
    }
}
