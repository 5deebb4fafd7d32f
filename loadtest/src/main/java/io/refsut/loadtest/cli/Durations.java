package io.refsut.loadtest.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses durations written as {@code 90}, {@code 90s}, {@code 5m}, {@code 1h} or ISO-8601 ({@code PT5M}). */
public final class Durations {

    private static final Pattern SIMPLE = Pattern.compile("(\\d+)\\s*(ms|s|m|h)?");

    private Durations() {
    }

    /** The duration {@code text} denotes; a bare number is seconds. */
    public static Duration parse(String text) {
        String value = text.trim().toLowerCase(Locale.ROOT);
        Matcher matcher = SIMPLE.matcher(value);
        if (matcher.matches()) {
            long amount = Long.parseLong(matcher.group(1));
            String unit = matcher.group(2) == null ? "s" : matcher.group(2);
            return switch (unit) {
                case "ms" -> Duration.ofMillis(amount);
                case "m" -> Duration.ofMinutes(amount);
                case "h" -> Duration.ofHours(amount);
                default -> Duration.ofSeconds(amount);
            };
        }
        try {
            return Duration.parse(text.trim().toUpperCase(Locale.ROOT));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a duration: '" + text + "' (e.g. 60s, 5m, 1h)");
        }
    }
}
