package io.refsut.loadtest.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A parser of the Prometheus text exposition format (version 0.0.4, also what OpenMetrics text adds to it). */
public final class PrometheusText {

    /** One sample: metric name (with any {@code _bucket}/{@code _count}/{@code _sum} suffix), labels, value. */
    public record Sample(String name, Map<String, String> labels, double value) {
        /** The value of label {@code name}, or "" when absent. */
        public String label(String name) {
            return labels.getOrDefault(name, "");
        }
    }

    private PrometheusText() {
    }

    /** Parses {@code text}; comment lines and lines that do not parse are skipped. */
    public static List<Sample> parse(String text) {
        List<Sample> samples = new ArrayList<>();
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Sample sample = parseLine(line);
            if (sample != null) {
                samples.add(sample);
            }
        }
        return samples;
    }

    /** Parses one sample line, or returns null when it is malformed. */
    static Sample parseLine(String line) {
        int i = 0;
        int n = line.length();
        while (i < n && line.charAt(i) != '{' && !Character.isWhitespace(line.charAt(i))) {
            i++;
        }
        String name = line.substring(0, i);
        if (name.isEmpty()) {
            return null;
        }
        Map<String, String> labels = new LinkedHashMap<>();
        if (i < n && line.charAt(i) == '{') {
            i++;
            while (true) {
                while (i < n && (line.charAt(i) == ',' || line.charAt(i) == ' ')) {
                    i++;
                }
                if (i >= n) {
                    return null;
                }
                if (line.charAt(i) == '}') {
                    i++;
                    break;
                }
                int eq = line.indexOf('=', i);
                if (eq < 0 || eq + 1 >= n || line.charAt(eq + 1) != '"') {
                    return null;
                }
                String key = line.substring(i, eq).strip();
                StringBuilder value = new StringBuilder();
                i = eq + 2;
                boolean closed = false;
                while (i < n) {
                    char c = line.charAt(i++);
                    if (c == '\\' && i < n) {
                        char escaped = line.charAt(i++);
                        value.append(switch (escaped) {
                            case 'n' -> '\n';
                            case '"' -> '"';
                            case '\\' -> '\\';
                            default -> escaped;
                        });
                    } else if (c == '"') {
                        closed = true;
                        break;
                    } else {
                        value.append(c);
                    }
                }
                if (!closed) {
                    return null;
                }
                labels.put(key, value.toString());
            }
        }
        String[] rest = line.substring(i).strip().split("\\s+");
        if (rest.length == 0 || rest[0].isEmpty()) {
            return null;
        }
        Double value = number(rest[0]);
        return value == null ? null : new Sample(name, Collections.unmodifiableMap(labels), value);
    }

    /** A sample value: a decimal, or {@code +Inf}, {@code -Inf}, {@code NaN}; null when it is none of these. */
    static Double number(String text) {
        switch (text) {
            case "+Inf", "Inf" -> {
                return Double.POSITIVE_INFINITY;
            }
            case "-Inf" -> {
                return Double.NEGATIVE_INFINITY;
            }
            case "NaN" -> {
                return Double.NaN;
            }
            default -> {
                try {
                    return Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    return null;
                }
            }
        }
    }
}
