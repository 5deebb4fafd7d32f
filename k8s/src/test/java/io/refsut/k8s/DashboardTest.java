package io.refsut.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The Grafana dashboard parses, covers what issue 5 lists, and queries only metrics the services really expose. */
class DashboardTest {

    private static final Path DASHBOARD = Repo.k8s().resolve("observability/grafana-dashboard.json");
    private static final Set<String> PROMQL_WORDS = Set.of(
            "by", "without", "on", "ignoring", "group_left", "group_right", "bool", "and", "or", "unless", "offset");
    private static final Pattern IDENTIFIER = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Pattern GROUPING = Pattern.compile("\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)");
    private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\(\\s*([a-zA-Z_:][a-zA-Z0-9_:]*)\\s*(?:\\{[^}]*})?\\s*,[^)]*\\)");

    @Test
    void dashboardCoversTheSutsMeasurements() throws IOException {
        JsonNode dashboard = JsonMapper.builder().build().readTree(Files.readString(DASHBOARD));
        assertFalse(dashboard.path("uid").asString().isBlank(), "a stable uid for provisioning");
        Set<String> metrics = new TreeSet<>(queriedMetrics(dashboard));
        for (String required : List.of(
                "sut_business_operation_seconds_count", "sut_business_operation_seconds_bucket",
                "sut_mongodb_operation_seconds_bucket", "sut_mongodb_operation_seconds_sum",
                "sut_downstream_call_seconds_bucket", "sut_transaction_partial_total",
                "ft_circuitbreaker_state_current", "jvm_memory_used_bytes", "http_server_requests_seconds_count")) {
            assertTrue(metrics.contains(required), "the dashboard shows " + required);
        }
        List<String> expressions = expressions(dashboard);
        assertTrue(expressions.stream().anyMatch(e -> e.startsWith("histogram_quantile(0.5,")
                && e.contains("sut_business_operation_seconds_bucket")), "p50 per business operation");
        assertTrue(expressions.stream().anyMatch(e -> e.startsWith("histogram_quantile(0.99,")
                && e.contains("sut_business_operation_seconds_bucket") && e.contains("operation)")), "p99 per business operation");
        for (JsonNode panel : dashboard.path("panels")) {
            if (!panel.path("type").asString().equals("row")) {
                assertFalse(panel.path("targets").isEmpty(), "panel " + panel.path("title").asString() + " has a query");
            }
        }
    }

    @Test
    void everyQueriedMetricIsInTheServicesScrapes() throws IOException {
        JsonNode dashboard = JsonMapper.builder().build().readTree(Files.readString(DASHBOARD));
        Set<String> exposed = new TreeSet<>();
        for (SutService service : SutService.values()) {
            exposed.addAll(scrapedMetrics(service));
        }
        List<String> missing = queriedMetrics(dashboard).stream().filter(m -> !exposed.contains(m)).distinct().toList();
        assertEquals(List.of(), missing, "metrics the dashboard queries that no service exposes");
    }

    @Test
    void metricExtractionIgnoresLabelsFunctionsAndGrouping() {
        assertEquals(List.of("a_total", "b_seconds_count"), metricsIn(
                "sum by (operation, le) (rate(a_total{x=\"y\", namespace=\"$namespace\"}[$__rate_interval])) / on (pod) "
                        + "max without (le) (b_seconds_count offset 5m) > bool 0.5"));
        assertEquals(List.of("up"), metricsIn("label_values(up, namespace)"));
    }

    /** Metric names (sample names, so histograms appear as _bucket, _sum, _count) in a module's scrape file. */
    private static Set<String> scrapedMetrics(SutService service) throws IOException {
        Path scrape = Repo.root().resolve(service.module).resolve("target/metrics-scrape.prom");
        if (!Files.isRegularFile(scrape)) {
            fail(scrape + " is missing: " + service.module + "'s tests write it from /q/metrics; build the reactor "
                    + "(./mvnw -B verify) so they run before the k8s module");
        }
        Set<String> names = new TreeSet<>();
        for (String line : Files.readAllLines(scrape)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher name = IDENTIFIER.matcher(line);
            if (name.lookingAt()) {
                names.add(name.group());
            }
        }
        assertFalse(names.isEmpty(), scrape + " holds no samples");
        return names;
    }

    private static List<String> queriedMetrics(JsonNode dashboard) {
        List<String> metrics = new ArrayList<>();
        expressions(dashboard).forEach(e -> metrics.addAll(metricsIn(e)));
        return metrics;
    }

    private static List<String> expressions(JsonNode dashboard) {
        List<String> expressions = new ArrayList<>();
        collectPanels(dashboard.path("panels"), expressions);
        for (JsonNode variable : dashboard.path("templating").path("list")) {
            if (variable.path("type").asString().equals("query")) {
                JsonNode query = variable.path("query");
                expressions.add(query.isObject() ? query.path("query").asString() : query.asString());
            }
        }
        return expressions;
    }

    private static void collectPanels(JsonNode panels, List<String> expressions) {
        for (JsonNode panel : panels) {
            for (JsonNode target : panel.path("targets")) {
                expressions.add(target.path("expr").asString());
            }
            collectPanels(panel.path("panels"), expressions);
        }
    }

    /** The metric names a PromQL (or Grafana label_values) expression reads. */
    static List<String> metricsIn(String expression) {
        Matcher labelValues = LABEL_VALUES.matcher(expression);
        if (labelValues.matches()) {
            return List.of(labelValues.group(1));
        }
        String stripped = expression
                .replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"", "\"\"")
                .replaceAll("\\{[^}]*}", " ")
                .replaceAll("\\[[^]]*]", " ");
        stripped = GROUPING.matcher(stripped).replaceAll(" ");
        stripped = stripped.replaceAll("\\boffset\\s+\\w+", " ");
        List<String> metrics = new ArrayList<>();
        Matcher token = IDENTIFIER.matcher(stripped);
        while (token.find()) {
            String word = token.group();
            boolean numeric = token.start() > 0 && Character.isDigit(stripped.charAt(token.start() - 1));
            String rest = stripped.substring(token.end()).stripLeading();
            if (numeric || PROMQL_WORDS.contains(word) || rest.startsWith("(")) {
                continue;
            }
            metrics.add(word);
        }
        return metrics;
    }
}
