package io.refsut.loadtest.compare;

import java.util.List;
import java.util.Map;

/**
 * The MongoDB operations on each business operation's critical path (README: "operations"), to set the services'
 * MongoDB time next to the client's end-to-end time. The services time MongoDB per collection operation, not per
 * business operation, so the estimate adds the mean of each step in sequence and takes the larger mean of steps
 * that run in parallel: {@code read_account} = max(accounts.find, balances.find); {@code update_account} =
 * accounts.find + accounts.replace + audit.insert; {@code make_payment} = accounts.find + max(payments.insert,
 * balances.find + balances.replace) + audit.insert; {@code read_payment} = payments.find + accounts.find;
 * {@code overall} = the operations' estimates weighted by their request counts.
 */
public final class MongoPath {

    /** One step: the sum of its {@code serial} operations, or the largest of its parallel branches. */
    private record Step(List<String> serial, List<List<String>> parallel) {
    }

    private static final Map<String, List<Step>> PATHS = Map.of(
            "read_account", List.of(parallel(List.of("accounts.find"), List.of("balances.find"))),
            "update_account", List.of(serial("accounts.find", "accounts.replace", "audit.insert")),
            "make_payment", List.of(serial("accounts.find"),
                    parallel(List.of("payments.insert"), List.of("balances.find", "balances.replace")),
                    serial("audit.insert")),
            "read_payment", List.of(serial("payments.find", "accounts.find")),
            "create_account", List.of(parallel(List.of("accounts.insert"), List.of("balances.insert")),
                    serial("audit.insert")));

    private MongoPath() {
    }

    private static Step serial(String... operations) {
        return new Step(List.of(operations), List.of());
    }

    @SafeVarargs
    private static Step parallel(List<String>... branches) {
        return new Step(List.of(), List.of(branches));
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
        List<Step> path = PATHS.get(operation);
        if (path == null) {
            return null;
        }
        double totalUs = 0;
        for (Step step : path) {
            if (!step.serial().isEmpty()) {
                Double us = sum(run, step.serial());
                if (us == null) {
                    return null;
                }
                totalUs += us;
            } else {
                double largest = 0;
                for (List<String> branch : step.parallel()) {
                    Double us = sum(run, branch);
                    if (us == null) {
                        return null;
                    }
                    largest = Math.max(largest, us);
                }
                totalUs += largest;
            }
        }
        return totalUs / 1000;
    }

    private static Double sum(RunResult run, List<String> operations) {
        double us = 0;
        for (String op : operations) {
            Double mean = run.mongodbMeanUs().get(op);
            if (mean == null) {
                return null;
            }
            us += mean;
        }
        return us;
    }
}
