package io.refsut.loadtest.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MongoPathTest {

    private static final Map<String, Double> MEANS = Map.of(
            "accounts.find", 100.0, "accounts.replace", 200.0, "accounts.insert", 250.0,
            "payments.find", 110.0, "payments.insert", 300.0, "payments.replace", 220.0,
            "balances.find", 120.0, "balances.replace", 210.0, "balances.insert", 260.0,
            "audit.insert", 400.0);

    private static RunResult run(Map<String, Double> means, Map<String, Latency> operations) {
        return new RunResult(Path.of("r"), "r", "local", Map.of(), 1, 1, Map.of(), List.of(), 50, 50, operations,
                Map.of(), means, Map.of(), List.of(), "", true, Double.NaN, Double.NaN, Double.NaN);
    }

    private static Latency count(long n) {
        return new Latency(n, 0, 1, 1, 1, 1, 1, 1);
    }

    @Test
    void addsSequentialLegsAndTakesTheSlowestParallelOne() {
        RunResult run = run(MEANS, Map.of());
        assertEquals(0.120, MongoPath.estimateMs(run, "read_account"), 1e-9);
        assertEquals(0.700, MongoPath.estimateMs(run, "update_account"), 1e-9);
        // accounts.find + max(payments.insert, balances.find + balances.replace) + audit.insert + payments.replace
        assertEquals((100 + Math.max(300, 120 + 210) + 400 + 220) / 1000.0, MongoPath.estimateMs(run, "make_payment"),
                1e-9);
        assertEquals(0.210, MongoPath.estimateMs(run, "read_payment"), 1e-9);
        assertEquals((Math.max(250, 260) + 400) / 1000.0, MongoPath.estimateMs(run, "create_account"), 1e-9);
        assertNull(MongoPath.estimateMs(run, "no_such_operation"));
    }

    @Test
    void anUntimedLegLeavesTheEstimateEmpty() {
        Map<String, Double> means = new HashMap<>(MEANS);
        means.remove("payments.replace");
        RunResult run = run(means, Map.of("read_account", count(3), "make_payment", count(1)));
        assertNull(MongoPath.estimateMs(run, "make_payment"));
        assertEquals(0.120, MongoPath.estimateMs(run, "read_account"), 1e-9);
        assertNull(MongoPath.estimateMs(run, RunResult.OVERALL));
    }

    @Test
    void overallWeighsTheOperationsByTheirCounts() {
        RunResult run = run(MEANS, Map.of("read_account", count(3), "read_payment", count(1),
                RunResult.OVERALL, count(4)));
        assertEquals((3 * 0.120 + 0.210) / 4, MongoPath.estimateMs(run, RunResult.OVERALL), 1e-9);
    }
}
