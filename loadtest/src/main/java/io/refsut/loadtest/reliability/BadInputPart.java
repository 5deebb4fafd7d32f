package io.refsut.loadtest.reliability;

import io.refsut.loadtest.report.Fields;
import io.refsut.loadtest.stack.LocalStack;
import io.refsut.loadtest.stack.ServiceProcess;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Part 1, bad input: sends the {@link BadInputCorpus} to the public API and to each data service and checks that
 * every answer is a 4xx {@code application/problem+json} without a stack trace or an internal class name, and that
 * no collection's document count changed.
 */
final class BadInputPart {

    /** Signs of leaked internals in an error body: stack frames, exception or JVM/framework class names. */
    static final Pattern LEAK = Pattern.compile("(\\bat [a-z]+\\.[\\w.$]+\\(|Exception\\b|\\bjava\\.[a-z]+\\.|"
            + "\\bjakarta\\.|\\bio\\.(quarkus|vertx|netty|smallrye|refsut)\\.|\\borg\\.(jboss|bson|mongodb)\\.|"
            + "\\bcom\\.(fasterxml|mongodb)\\.)");
    private static final int MAX_FAILURES = 200;

    private BadInputPart() {
    }

    static PartResult run(LocalStack stack, HttpClient client, DatabaseInspector database, Consumer<String> console)
            throws IOException, InterruptedException {
        Workload helper = new Workload(stack.targetUrl(), 0);
        helper.warmUp(client);
        UUID account = helper.createWithRetries(client, "Bad Input");
        Map<String, Long> before = database.counts();
        List<BadInputCorpus.Case> corpus = BadInputCorpus.build(account);
        console.accept("bad input: " + corpus.size() + " requests to the public API and the four data services");

        Map<String, Long> perStatus = new TreeMap<>();
        Map<String, Long> perTarget = new TreeMap<>();
        Map<String, Long> perKind = new TreeMap<>();
        List<String> failures = new ArrayList<>();
        long fiveXx = 0;
        long defects = 0;
        for (BadInputCorpus.Case c : corpus) {
            perTarget.merge(c.target(), 1L, Long::sum);
            perKind.merge(c.kind(), 1L, Long::sum);
            HttpResponse<String> response;
            try {
                response = client.send(request(stack, c), HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                defects++;
                perStatus.merge("no answer", 1L, Long::sum);
                note(failures, c, "no answer: " + e);
                continue;
            }
            int status = response.statusCode();
            perStatus.merge(Integer.toString(status), 1L, Long::sum);
            String problem = judge(status, response.headers().firstValue("Content-Type").orElse(""),
                    response.body());
            if (status >= 500) {
                fiveXx++;
            }
            if (problem != null) {
                defects++;
                note(failures, c, problem);
            }
        }
        Map<String, Long> after = database.counts();
        long changed = 0;
        for (Map.Entry<String, Long> entry : before.entrySet()) {
            long now = after.getOrDefault(entry.getKey(), 0L);
            if (now != entry.getValue()) {
                changed += Math.abs(now - entry.getValue());
                failures.add(0, "collection " + entry.getKey() + " held " + entry.getValue() + " documents before "
                        + "and " + now + " after: bad input was written");
            }
        }
        Map<String, String> tls = TlsProbe.probe(stack.service("orchestrator").httpsPort());
        for (String old : List.of("TLSv1", "TLSv1.1")) {
            if ("accepted".equals(tls.get(old))) {
                failures.add(0, "the HTTPS port accepts " + old + " (only TLS 1.2 and later may be offered)");
            }
        }
        if (!"accepted".equals(tls.get("TLSv1.2")) && !"accepted".equals(tls.get("TLSv1.3"))
                && tls.containsValue("refused")) {
            failures.add(0, "the HTTPS port accepts neither TLS 1.2 nor 1.3: " + tls);
        }
        Map<String, Object> details = Fields.ordered("tlsVersions", tls, "wrongAnswers", defects,
                "documentsWritten", changed, "statuses", perStatus, "perTarget", perTarget, "perKind", perKind,
                "countsBefore", before, "countsAfter", after);
        console.accept("bad input: " + corpus.size() + " cases, " + fiveXx + " 5xx, " + defects
                + " wrong answers, " + changed + " documents written");
        return new PartResult("bad-input", corpus.size(), fiveXx, 0, changed, failures, details);
    }

    /** Why the answer is wrong, or null when it is a proper refusal. */
    static String judge(int status, String contentType, String body) {
        if (status < 400 || status >= 500) {
            return "status " + status + " (expected 4xx): " + abbreviate(body);
        }
        if (!contentType.startsWith("application/problem+json")) {
            return "status " + status + " with Content-Type '" + contentType + "' (expected application/problem+json)";
        }
        if (LEAK.matcher(body).find()) {
            return "status " + status + ", body leaks internals: " + abbreviate(body);
        }
        return null;
    }

    private static HttpRequest request(LocalStack stack, BadInputCorpus.Case c) {
        ServiceProcess service = stack.service(c.target());
        String base = service.spec().isOrchestrator() ? "https://127.0.0.1:" + service.httpsPort()
                : "http://127.0.0.1:" + service.httpPort();
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + c.path()))
                .timeout(Duration.ofSeconds(10))
                .method(c.method(), c.body().length == 0 && !c.method().equals("POST") && !c.method().equals("PUT")
                        ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(c.body()));
        if (c.contentType() != null) {
            builder.header("Content-Type", c.contentType());
        }
        return builder.build();
    }

    private static void note(List<String> failures, BadInputCorpus.Case c, String problem) {
        if (failures.size() < MAX_FAILURES) {
            failures.add(c.target() + " " + c.description() + " -> " + problem);
        }
    }

    private static String abbreviate(String body) {
        String flat = body.replaceAll("\\s+", " ");
        return flat.length() > 200 ? flat.substring(0, 200) + "..." : flat;
    }
}
