package io.refsut.loadtest.run;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the {@code sut_mongodb_settings} gauge (the driver settings really in use) from each service's metrics. */
public final class MongoSettings {

    private static final Pattern LABEL = Pattern.compile("(\\w+)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    private MongoSettings() {
    }

    /** Service name → its settings labels; services without the gauge (the orchestrator) or unreachable are left out. */
    public static Map<String, Map<String, String>> scrape(HttpClient client, Map<String, URI> endpoints) {
        Map<String, Map<String, String>> result = new LinkedHashMap<>();
        endpoints.forEach((name, uri) -> {
            Map<String, String> labels = scrapeOne(client, uri);
            if (!labels.isEmpty()) {
                result.put(name, labels);
            }
        });
        return result;
    }

    /** The labels of the first {@code sut_mongodb_settings} sample in a Prometheus text exposition. */
    public static Map<String, String> parse(String exposition) {
        Map<String, String> labels = new LinkedHashMap<>();
        for (String line : exposition.split("\n")) {
            if (line.startsWith("sut_mongodb_settings{")) {
                Matcher matcher = LABEL.matcher(line.substring(line.indexOf('{') + 1, line.lastIndexOf('}')));
                while (matcher.find()) {
                    labels.put(matcher.group(1), matcher.group(2).replace("\\\"", "\"").replace("\\\\", "\\"));
                }
                break;
            }
        }
        return labels;
    }

    private static Map<String, String> scrapeOne(HttpClient client, URI uri) {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).GET().build();
        try {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? parse(response.body()) : Map.of();
        } catch (IOException e) {
            return Map.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Map.of();
        }
    }
}
