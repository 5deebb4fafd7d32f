package io.refsut.loadtest.compare;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The {@code --label-set key=value} pairs of a run ({@code cloud=aks}, {@code tier=M30}, {@code price=0.34}),
 * recorded in run.json under {@value #RUN_JSON_KEY} and grouped on by {@code sut compare --by}.
 */
public final class LabelSet {

    /** The run.json object that holds the labels. */
    public static final String RUN_JSON_KEY = "labels";
    /** The label that holds the configuration's price per hour, used for the cost figures. */
    public static final String PRICE = "price";

    private static final Pattern KEY = Pattern.compile("[A-Za-z][A-Za-z0-9_.-]{0,39}");
    private static final int MAX_VALUE_LENGTH = 100;

    private LabelSet() {
    }

    /**
     * Parses {@code key=value} items (blank items are skipped) into an ordered map. Keys: a letter then letters,
     * digits, {@code _ . -} (at most 40); values: 1..100 characters; {@code price} must be a number ≥ 0;
     * {@code execution} and {@code injector} are refused (they are run.json fields of their own).
     *
     * @throws IllegalArgumentException naming the bad item
     */
    public static Map<String, String> parse(Collection<String> items) {
        Map<String, String> labels = new LinkedHashMap<>();
        if (items == null) {
            return labels;
        }
        for (String raw : items) {
            if (raw == null || raw.isBlank()) {
                continue;
            }
            String item = raw.trim();
            int eq = item.indexOf('=');
            if (eq <= 0 || eq == item.length() - 1) {
                throw new IllegalArgumentException("--label-set items must be key=value, got '" + item + "'");
            }
            String key = item.substring(0, eq).trim();
            String value = item.substring(eq + 1).trim();
            if (!KEY.matcher(key).matches()) {
                throw new IllegalArgumentException("--label-set key '" + key + "' must start with a letter and hold "
                        + "only letters, digits, '_', '.', '-' (at most 40)");
            }
            if (value.isEmpty() || value.length() > MAX_VALUE_LENGTH) {
                throw new IllegalArgumentException("--label-set value of '" + key + "' must be 1.."
                        + MAX_VALUE_LENGTH + " characters");
            }
            if (key.equals("execution") || key.equals("injector")) {
                throw new IllegalArgumentException("--label-set key '" + key + "' is reserved: execution numbers "
                        + "and injector indexes are run.json fields of their own (--execution-number, "
                        + "--injector-index)");
            }
            if (key.equals(PRICE)) {
                price(value);
            }
            String previous = labels.put(key, value);
            if (previous != null && !previous.equals(value)) {
                throw new IllegalArgumentException("--label-set gives '" + key + "' twice: '" + previous + "' and '"
                        + value + "'");
            }
        }
        return labels;
    }

    /** The {@code price} label as a number of currency units per hour. */
    public static double price(String value) {
        try {
            double price = Double.parseDouble(value);
            if (price < 0 || Double.isNaN(price) || Double.isInfinite(price)) {
                throw new NumberFormatException();
            }
            return price;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--label-set price must be a number ≥ 0 (per hour), got '" + value
                    + "'");
        }
    }
}
