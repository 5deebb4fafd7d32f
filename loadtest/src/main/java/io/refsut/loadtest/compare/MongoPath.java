package io.refsut.loadtest.compare;

import io.refsut.loadtest.workload.CriticalPath;
import java.util.Map;

/**
 * The MongoDB time on each business operation's critical path ({@link CriticalPath}), to set the services' MongoDB
 * time next to the client's end-to-end time. The services time MongoDB per collection operation, not per business
 * operation, so the estimate adds the mean of each step in sequence and takes the larger mean of steps that run in
 * parallel: {@code read_account} = max(accounts.find, balances.find); {@code update_account} = accounts.find +
 * accounts.replace + audit.insert; {@code make_payment} = accounts.find + max(payments.insert, balances.find +
 * balances.replace) + audit.insert + payments.replace (PENDING → COMPLETED); {@code read_payment} = payments.find +
 * accounts.find; {@code overall} = the operations' estimates weighted by their request counts.
 */
public final class MongoPath {

    private MongoPath() {
    }

    /** The estimated MongoDB time of {@code operation} in {@code run} (ms), or null when a step was not timed. */
    public static Double estimateMs(RunResult run, String operation) {
        if (RunResult.OVERALL.equals(operation)) {
            double weighted = 0;
            long count = 0;
            for (Map.Entry<String, Latency> e : run.operations().entrySet()) {
                if (RunResult.OVERALL.equals(e.getKey())) {
                    continue;
                }
                Double ms = estimateMs(run, e.getKey());
                if (ms == null) {
                    return null;
                }
                weighted += ms * e.getValue().count();
                count += e.getValue().count();
            }
            return count == 0 ? null : weighted / count;
        }
        CriticalPath path = CriticalPath.of(operation);
        if (path == null) {
            return null;
        }
        double totalUs = path.time(leg -> {
            Double mean = run.mongodbMeanUs().get(leg);
            return mean == null ? Double.NaN : mean;
        });
        return Double.isNaN(totalUs) ? null : totalUs / 1000;
    }
}
