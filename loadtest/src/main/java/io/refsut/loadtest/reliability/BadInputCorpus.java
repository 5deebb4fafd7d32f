package io.refsut.loadtest.reliability;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The bad-input corpus: requests that every service must refuse with a 4xx {@code application/problem+json} and
 * without writing anything. Built per endpoint from a valid body, each case breaks one thing: the JSON itself,
 * a field's type or presence, strings with control characters or invalid UTF-8, sizes, numbers, content types,
 * methods, paths and ids (invalid, nil, traversal, MongoDB operators).
 */
final class BadInputCorpus {

    /** One bad request. {@code target} is a service name; {@code contentType} null = no header. */
    record Case(String target, String kind, String description, String method, String path, String contentType,
            byte[] body) {
    }

    /** A write endpoint: its valid body and which fields are required strings, longs, UUIDs. */
    private record Endpoint(String target, String method, String path, ObjectNode valid, Set<String> required) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NIL = "00000000-0000-0000-0000-000000000000";
    private static final String JSON_TYPE = "application/json";

    private final List<Case> cases = new ArrayList<>();

    private BadInputCorpus() {
    }

    /**
     * The corpus for the public API ({@code orchestrator}) and the four data services. {@code accountId} is an
     * existing account (and its balance), so that updates reach their validation and not only a 404.
     */
    static List<Case> build(UUID accountId) {
        BadInputCorpus corpus = new BadInputCorpus();
        String account = accountId.toString();
        String other = UUID.randomUUID().toString();
        ObjectNode accountBody = obj(Map.of("owner", "Ada", "currency", "EUR", "status", "ACTIVE"));
        Set<String> accountFields = Set.of("owner", "currency", "status");
        ObjectNode paymentBody = obj(Map.of("accountId", account, "amountMinor", 100, "currency", "EUR",
                "reference", "r-1"));
        Set<String> paymentFields = Set.of("accountId", "amountMinor", "currency", "reference");
        List<Endpoint> endpoints = List.of(
                new Endpoint("orchestrator", "POST", "/api/v1/accounts",
                        obj(Map.of("owner", "Ada", "currency", "EUR", "initialBalanceMinor", 1000)),
                        Set.of("owner", "currency", "initialBalanceMinor")),
                new Endpoint("orchestrator", "PUT", "/api/v1/accounts/" + account, accountBody, accountFields),
                new Endpoint("orchestrator", "POST", "/api/v1/payments", paymentBody, paymentFields),
                new Endpoint("accounts", "POST", "/accounts", accountBody, accountFields),
                new Endpoint("accounts", "PUT", "/accounts/" + account, accountBody, accountFields),
                new Endpoint("payments", "POST", "/payments", paymentBody, paymentFields),
                new Endpoint("payments", "PUT", "/payments/" + other, paymentBody, paymentFields),
                new Endpoint("balances", "POST", "/balances",
                        obj(Map.of("id", other, "currency", "EUR", "availableMinor", 100)),
                        Set.of("currency", "availableMinor")),
                new Endpoint("balances", "PUT", "/balances/" + account,
                        obj(Map.of("currency", "EUR", "availableMinor", 100, "version", 0)),
                        Set.of("currency", "availableMinor", "version")),
                new Endpoint("audit", "POST", "/audit-events",
                        obj(Map.of("type", "PAYMENT_MADE", "subjectId", account)), Set.of("type", "subjectId")));
        for (Endpoint endpoint : endpoints) {
            corpus.malformed(endpoint);
            corpus.fields(endpoint);
            corpus.sizes(endpoint);
            corpus.contentTypes(endpoint);
            corpus.operators(endpoint);
        }
        corpus.paths("orchestrator", "/api/v1/accounts", account);
        corpus.paths("orchestrator", "/api/v1/payments", other);
        corpus.paths("accounts", "/accounts", account);
        corpus.paths("payments", "/payments", other);
        corpus.paths("balances", "/balances", account);
        corpus.paths("audit", "/audit-events", other);
        for (String management : List.of("/q/metrics", "/q/health", "/q/health/ready", "/q/health/live", "/q/info",
                "/q/dev-ui", "/q/arc")) {
            corpus.add("orchestrator", "management", "management endpoint " + management + " on the public port",
                    "GET", management, null, new byte[0]);
        }
        corpus.add("audit", "method", "PUT on an audit event (append-only)", "PUT", "/audit-events/" + other,
                JSON_TYPE, text("{\"type\":\"PAYMENT_MADE\",\"subjectId\":\"" + account + "\"}"));
        corpus.add("accounts", "id", "PUT body id differs from the path id", "PUT", "/accounts/" + account, JSON_TYPE,
                text("{\"id\":\"" + other + "\",\"owner\":\"Ada\",\"currency\":\"EUR\",\"status\":\"ACTIVE\"}"));
        corpus.add("balances", "number", "PUT with a negative version", "PUT", "/balances/" + account, JSON_TYPE,
                text("{\"currency\":\"EUR\",\"availableMinor\":100,\"version\":-1}"));
        corpus.add("balances", "size", "more than 16 applied payments", "PUT", "/balances/" + account, JSON_TYPE,
                text("{\"currency\":\"EUR\",\"availableMinor\":100,\"version\":0,\"appliedPayments\":"
                        + uuids(17) + "}"));
        corpus.add("balances", "id", "applied payment not a UUID", "PUT", "/balances/" + account, JSON_TYPE,
                text("{\"currency\":\"EUR\",\"availableMinor\":100,\"version\":0,\"appliedPayments\":[\"x\"]}"));
        corpus.add("orchestrator", "number", "negative initial balance", "POST", "/api/v1/accounts", JSON_TYPE,
                text("{\"owner\":\"Ada\",\"currency\":\"EUR\",\"initialBalanceMinor\":-1}"));
        corpus.add("accounts", "enum", "unknown status", "POST", "/accounts", JSON_TYPE,
                text("{\"owner\":\"Ada\",\"currency\":\"EUR\",\"status\":\"GONE\"}"));
        corpus.add("audit", "enum", "unknown event type", "POST", "/audit-events", JSON_TYPE,
                text("{\"type\":\"DROP_TABLE\",\"subjectId\":\"" + account + "\"}"));
        corpus.add("orchestrator", "currency", "lower-case currency", "POST", "/api/v1/accounts", JSON_TYPE,
                text("{\"owner\":\"Ada\",\"currency\":\"eur\",\"initialBalanceMinor\":1}"));
        return corpus.deduplicated();
    }

    private void malformed(Endpoint e) {
        String valid = e.valid().toString();
        String[] bodies = {"{", "{\"owner\":", "not json", "", "[]", "null", "42", "\"text\"",
            valid.substring(0, valid.length() / 2), valid + "}", valid + " {}", valid.replace('"', '\''),
            "{\"a\":1,}"};
        String[] names = {"lone brace", "key without value", "not JSON", "empty body", "array instead of object",
            "null body", "number body", "string body", "truncated body", "extra closing brace", "trailing object",
            "single quotes", "trailing comma"};
        for (int i = 0; i < bodies.length; i++) {
            add(e, "malformed-json", names[i], JSON_TYPE, text(bodies[i]));
        }
    }

    private void fields(Endpoint e) {
        for (String field : e.required()) {
            ObjectNode missing = e.valid().deepCopy();
            missing.remove(field);
            add(e, "missing-field", "without " + field, JSON_TYPE, text(missing.toString()));
            ObjectNode nulled = e.valid().deepCopy();
            nulled.putNull(field);
            add(e, "wrong-type", field + " null", JSON_TYPE, text(nulled.toString()));
            boolean number = e.valid().get(field).isNumber();
            ObjectNode wrong = e.valid().deepCopy();
            if (number) {
                wrong.put(field, "12");
            } else {
                wrong.put(field, 12);
            }
            add(e, "wrong-type", field + (number ? " as a string" : " as a number"), JSON_TYPE,
                    text(wrong.toString()));
            ObjectNode array = e.valid().deepCopy();
            array.putArray(field).add(e.valid().get(field));
            add(e, "wrong-type", field + " as an array", JSON_TYPE, text(array.toString()));
            ObjectNode bool = e.valid().deepCopy();
            bool.put(field, true);
            add(e, "wrong-type", field + " as a boolean", JSON_TYPE, text(bool.toString()));
            if (number) {
                numbers(e, field);
            } else {
                strings(e, field);
            }
        }
        ObjectNode extra = e.valid().deepCopy();
        extra.put("extra", 1);
        add(e, "extra-field", "unknown field", JSON_TYPE, text(extra.toString()));
        String first = e.valid().fieldNames().next();
        String duplicated = "{\"" + first + "\":" + e.valid().get(first) + "," + e.valid().toString().substring(1);
        add(e, "duplicate-field", "duplicated " + first, JSON_TYPE, text(duplicated));
        if (e.method().equals("POST")) {
            for (String id : List.of("not-a-uuid", NIL, "123", "")) {
                ObjectNode withId = e.valid().deepCopy();
                withId.put("id", id);
                add(e, "invalid-id", "body id '" + id + "'", JSON_TYPE, text(withId.toString()));
            }
            ObjectNode numericId = e.valid().deepCopy();
            numericId.put("id", 123);
            add(e, "invalid-id", "body id as a number", JSON_TYPE, text(numericId.toString()));
        }
    }

    private void numbers(Endpoint e, String field) {
        Map<String, String> values = new java.util.LinkedHashMap<>();
        values.put("1.5", "fractional");
        values.put("1e400", "beyond a double");
        values.put("123456789012345678901234567890", "beyond a long");
        values.put("-9223372036854775809", "below a long");
        values.put("NaN", "NaN");
        if (!field.equals("availableMinor")) {
            values.put("-1", "negative");
        }
        if (field.equals("amountMinor")) {
            values.put("0", "zero");
        }
        for (Map.Entry<String, String> value : values.entrySet()) {
            String body = e.valid().toString().replace("\"" + field + "\":" + e.valid().get(field),
                    "\"" + field + "\":" + value.getKey());
            add(e, "number", field + " " + value.getValue(), JSON_TYPE, text(body));
        }
    }

    private void strings(Endpoint e, String field) {
        String value = e.valid().get(field).asText();
        String[][] controls = {{"\u0000", "NUL"}, {"\u0007", "BEL"}, {"\n", "line feed"}, {"\u001b", "ESC"},
            {"\u007f", "DEL"}, {"\u0085", "C1 NEL"}};
        for (String[] control : controls) {
            ObjectNode node = e.valid().deepCopy();
            node.put(field, value + control[0] + "x");
            add(e, "control-character", field + " with " + control[1], JSON_TYPE, text(node.toString()));
        }
        byte[][] invalid = {{(byte) 0xFF, (byte) 0xFE}, {(byte) 0xC3, (byte) 0x28}, {(byte) 0xC0, (byte) 0x80},
            {(byte) 0xED, (byte) 0xA0, (byte) 0x80}};
        String[] invalidNames = {"bytes FF FE", "truncated sequence C3 28", "overlong NUL C0 80",
            "UTF-16 surrogate ED A0 80"};
        for (int i = 0; i < invalid.length; i++) {
            ObjectNode node = e.valid().deepCopy();
            node.put(field, "@@BAD@@");
            add(e, "invalid-utf8", field + " with " + invalidNames[i], JSON_TYPE,
                    replace(text(node.toString()), "@@BAD@@", invalid[i]));
        }
        ObjectNode empty = e.valid().deepCopy();
        empty.put(field, "");
        add(e, "empty-string", field + " empty", JSON_TYPE, text(empty.toString()));
        ObjectNode huge = e.valid().deepCopy();
        huge.put(field, "x".repeat(5000));
        add(e, "huge-string", field + " of 5000 characters", JSON_TYPE, text(huge.toString()));
        ObjectNode operator = e.valid().deepCopy();
        operator.putObject(field).put("$gt", "");
        add(e, "mongo-operator", field + " as {\"$gt\": \"\"}", JSON_TYPE, text(operator.toString()));
    }

    private void sizes(Endpoint e) {
        ObjectNode large = e.valid().deepCopy();
        if (e.target().equals("audit")) {
            large.put("details", "d".repeat(1000));
            large.put("requestId", "r".repeat(100));
        } else {
            large.put("note", "n".repeat(1000));
            if (large.has("owner")) {
                large.put("owner", "o".repeat(100));
            }
            if (large.has("reference")) {
                large.put("reference", "r".repeat(140));
            }
            if (e.target().equals("balances")) {
                for (int i = 0; i < 16; i++) {
                    large.withArray("appliedPayments").add(UUID.randomUUID().toString());
                }
            }
        }
        add(e, "document-over-1KiB", "fields at their maximum, document over 1 KiB of BSON", JSON_TYPE,
                text(large.toString()));
        ObjectNode over = e.valid().deepCopy();
        over.put(e.target().equals("audit") ? "details" : "note", "n".repeat(20_000));
        add(e, "body-over-limit", "body of about 20 KiB (limit 16 KiB)", JSON_TYPE, text(over.toString()));
        ObjectNode longNote = e.valid().deepCopy();
        longNote.put(e.target().equals("audit") ? "details" : "note", "n".repeat(1001));
        add(e, "huge-string", "note/details of 1001 characters", JSON_TYPE, text(longNote.toString()));
    }

    private void contentTypes(Endpoint e) {
        byte[] valid = text(e.valid().toString());
        add(e, "content-type", "text/plain", "text/plain", valid);
        add(e, "content-type", "application/xml", "application/xml", valid);
        add(e, "content-type", "no Content-Type", null, valid);
        add(e, "content-type", "form encoded", "application/x-www-form-urlencoded", text("owner=Ada&currency=EUR"));
    }

    private void operators(Endpoint e) {
        ObjectNode where = e.valid().deepCopy();
        where.put("$where", "sleep(1000) || true");
        add(e, "mongo-operator", "$where key", JSON_TYPE, text(where.toString()));
        ObjectNode idOperator = e.valid().deepCopy();
        idOperator.putObject("id").put("$gt", "");
        add(e, "mongo-operator", "id as {\"$gt\": \"\"}", JSON_TYPE, text(idOperator.toString()));
        ObjectNode underscore = e.valid().deepCopy();
        underscore.put("_id", UUID.randomUUID().toString());
        add(e, "mongo-operator", "_id field", JSON_TYPE, text(underscore.toString()));
        ObjectNode dotted = e.valid().deepCopy();
        dotted.put("a.$b", 1);
        add(e, "mongo-operator", "dotted operator key", JSON_TYPE, text(dotted.toString()));
    }

    private void paths(String target, String collection, String existing) {
        String[][] ids = {{"not-a-uuid", "id not a UUID"}, {NIL, "nil UUID"}, {existing.substring(0, 35), "id cut short"},
            {existing + "0", "id one character too long"}, {existing.toUpperCase(java.util.Locale.ROOT).replace('-', '_'),
                "id with underscores"},
            {"%7B%22%24gt%22%3A%22%22%7D", "id {\"$gt\":\"\"} (encoded)"}, {"%24where", "id $where"},
            {"..%2F..%2Fetc%2Fpasswd", "encoded path traversal"}, {"..%252F..%252Fetc", "double-encoded traversal"},
            {"%00", "encoded NUL"}, {"x".repeat(2000), "id of 2000 characters"}, {"%C0%AE%C0%AE", "overlong dots"}};
        for (String[] id : ids) {
            add(target, "path", "GET " + id[1], "GET", collection + "/" + id[0], null, new byte[0]);
        }
        add(target, "path", "GET with a traversal", "GET", collection + "/../../q/metrics", null, new byte[0]);
        add(target, "method", "DELETE an item", "DELETE", collection + "/" + existing, null, new byte[0]);
        add(target, "method", "PATCH an item", "PATCH", collection + "/" + existing, JSON_TYPE, text("{}"));
        add(target, "method", "DELETE the collection", "DELETE", collection, null, new byte[0]);
        add(target, "method", "PUT the collection", "PUT", collection, JSON_TYPE, text("{}"));
        add(target, "method", "POST to an item", "POST", collection + "/" + existing, JSON_TYPE, text("{}"));
    }

    private void add(Endpoint e, String kind, String description, String contentType, byte[] body) {
        add(e.target(), kind, e.method() + " " + pathPattern(e.path()) + ": " + description, e.method(), e.path(),
                contentType, body);
    }

    private void add(String target, String kind, String description, String method, String path, String contentType,
            byte[] body) {
        cases.add(new Case(target, kind, description, method, path, contentType, body));
    }

    private List<Case> deduplicated() {
        Set<String> seen = new LinkedHashSet<>();
        List<Case> distinct = new ArrayList<>();
        for (Case c : cases) {
            String key = c.target() + " " + c.method() + " " + c.path() + " " + c.contentType() + " "
                    + new String(c.body(), StandardCharsets.ISO_8859_1);
            if (seen.add(key)) {
                distinct.add(c);
            }
        }
        return distinct;
    }

    private static String pathPattern(String path) {
        return path.replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "{id}");
    }

    private static ObjectNode obj(Map<String, Object> fields) {
        ObjectNode node = JSON.createObjectNode();
        // a stable field order: the valid bodies read like the contract's
        List<String> order = List.of("id", "accountId", "type", "subjectId", "owner", "amountMinor", "currency",
                "status", "reference", "availableMinor", "version", "initialBalanceMinor");
        for (String name : order) {
            Object value = fields.get(name);
            if (value instanceof Integer number) {
                node.put(name, number);
            } else if (value != null) {
                node.put(name, value.toString());
            }
        }
        return node;
    }

    private static String uuids(int count) {
        StringBuilder list = new StringBuilder("[");
        for (int i = 0; i < count; i++) {
            list.append(i == 0 ? "" : ",").append('"').append(UUID.randomUUID()).append('"');
        }
        return list.append(']').toString();
    }

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] replace(byte[] body, String marker, byte[] with) {
        String text = new String(body, StandardCharsets.UTF_8);
        int at = text.indexOf(marker);
        byte[] head = text.substring(0, at).getBytes(StandardCharsets.UTF_8);
        byte[] tail = text.substring(at + marker.length()).getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head);
        out.writeBytes(with);
        out.writeBytes(tail);
        return out.toByteArray();
    }
}
