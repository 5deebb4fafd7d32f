package io.refsut.loadtest.workload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The run phase's operation mix as YCSB-style proportions of {@code read} (read account view), {@code update}
 * (update account), {@code insert} (make payment) and {@code readPayment}.
 * <p>
 * Parsed from a preset {@code R:W} (the published 100:0, 95:5, 50:50, 5:95, 0:100 — reads are account views, writes
 * are account updates, as in the YCSB runs) or from explicit weights such as
 * {@code read=50,update=20,insert=20,readPayment=10} (normalised to sum 1).
 */
public record Mix(double read, double update, double insert, double readPayment) {

    /** The published mixes. */
    public static final List<String> PRESETS = List.of("100:0", "95:5", "50:50", "5:95", "0:100");

    public Mix {
        for (double weight : new double[] {read, update, insert, readPayment}) {
            if (!(weight >= 0) || Double.isInfinite(weight)) {
                throw new IllegalArgumentException("mix proportions must be finite and >= 0");
            }
        }
        double sum = read + update + insert + readPayment;
        if (sum <= 0) {
            throw new IllegalArgumentException("mix proportions must not all be 0");
        }
        read /= sum;
        update /= sum;
        insert /= sum;
        readPayment /= sum;
    }

    /** Parses {@code R:W} or {@code read=..,update=..,insert=..,readPayment=..}. */
    public static Mix parse(String spec) {
        String text = spec.trim();
        if (text.contains(":")) {
            String[] parts = text.split(":");
            if (parts.length != 2) {
                throw new IllegalArgumentException("mix preset must look like R:W (e.g. 95:5), got '" + spec + "'");
            }
            double reads = number(parts[0], spec);
            double writes = number(parts[1], spec);
            if (reads + writes != 100) {
                throw new IllegalArgumentException("mix preset R:W must add up to 100, got '" + spec + "'");
            }
            return new Mix(reads, writes, 0, 0);
        }
        Map<String, Double> weights = new LinkedHashMap<>();
        for (String item : text.split(",")) {
            String[] pair = item.split("=", 2);
            if (pair.length != 2) {
                throw new IllegalArgumentException("mix item must be name=weight, got '" + item + "'");
            }
            String name = pair[0].trim().toLowerCase(Locale.ROOT);
            if (!List.of("read", "update", "insert", "readpayment").contains(name)) {
                throw new IllegalArgumentException("unknown mix proportion '" + pair[0].trim()
                        + "' (read, update, insert, readPayment)");
            }
            if (weights.put(name, number(pair[1], spec)) != null) {
                throw new IllegalArgumentException("mix proportion '" + pair[0].trim() + "' given twice");
            }
        }
        return new Mix(weights.getOrDefault("read", 0.0), weights.getOrDefault("update", 0.0),
                weights.getOrDefault("insert", 0.0), weights.getOrDefault("readpayment", 0.0));
    }

    private static double number(String value, String spec) {
        try {
            return Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a number in mix '" + spec + "': '" + value.trim() + "'");
        }
    }

    /** The operation for a uniform draw {@code u} in [0, 1). */
    public Operation choose(double u) {
        double edge = read;
        if (u < edge) {
            return Operation.READ_ACCOUNT;
        }
        edge += update;
        if (u < edge) {
            return Operation.UPDATE_ACCOUNT;
        }
        edge += insert;
        if (u < edge) {
            return Operation.MAKE_PAYMENT;
        }
        return readPayment > 0 ? Operation.READ_PAYMENT : lastNonZero();
    }

    /** A random operation drawn with the mix's proportions. */
    public Operation next() {
        return choose(ThreadLocalRandom.current().nextDouble());
    }

    /** The proportion of {@code operation} (0 for operations outside the run phase). */
    public double share(Operation operation) {
        return switch (operation) {
            case READ_ACCOUNT -> read;
            case UPDATE_ACCOUNT -> update;
            case MAKE_PAYMENT -> insert;
            case READ_PAYMENT -> readPayment;
            case CREATE_ACCOUNT -> 0;
        };
    }

    /** The operations with a non-zero share, in mix order. */
    public List<Operation> operations() {
        List<Operation> result = new ArrayList<>();
        for (Operation operation : List.of(Operation.READ_ACCOUNT, Operation.UPDATE_ACCOUNT, Operation.MAKE_PAYMENT,
                Operation.READ_PAYMENT)) {
            if (share(operation) > 0) {
                result.add(operation);
            }
        }
        return result;
    }

    /** Canonical text form, e.g. {@code read=0.95,update=0.05,insert=0,readPayment=0}. */
    public String describe() {
        return "read=" + format(read) + ",update=" + format(update) + ",insert=" + format(insert)
                + ",readPayment=" + format(readPayment);
    }

    private static String format(double value) {
        String text = String.format(Locale.ROOT, "%.4f", value).replaceAll("0+$", "");
        return text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
    }

    private Operation lastNonZero() {
        List<Operation> operations = operations();
        return operations.get(operations.size() - 1);
    }
}
