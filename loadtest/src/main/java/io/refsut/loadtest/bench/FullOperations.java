package io.refsut.loadtest.bench;

import io.refsut.loadtest.workload.Operation;
import java.util.EnumMap;
import java.util.Map;

/** The full transactions: each business operation through the orchestrator's public API over HTTPS. */
final class FullOperations {

    private final Http http;
    private final Records records;
    private final String api;
    private final java.util.List<java.util.UUID> writes;

    FullOperations(Http http, Records records, String orchestratorUrl) {
        this.http = http;
        this.records = records;
        this.api = orchestratorUrl + "/api/v1";
        this.writes = records.writeRange(2);
    }

    Map<Operation, OpenLoop.Action> business() {
        String note = Http.quote(records.note);
        Map<Operation, OpenLoop.Action> actions = new EnumMap<>(Operation.class);
        actions.put(Operation.READ_ACCOUNT, () -> http.send("GET", api + "/accounts/" + records.anyAccount(), null, 200));
        actions.put(Operation.UPDATE_ACCOUNT, () -> http.send("PUT", api + "/accounts/" + anyWritable(),
                "{\"owner\":\"" + Records.OWNER + "\",\"currency\":\"" + Records.CURRENCY + "\",\"status\":\"ACTIVE\",\"note\":"
                        + note + "}", 200));
        actions.put(Operation.MAKE_PAYMENT, () -> http.send("POST", api + "/payments", "{\"accountId\":\"" + anyWritable()
                + "\",\"amountMinor\":1,\"currency\":\"" + Records.CURRENCY + "\",\"reference\":\"bench\",\"note\":" + note
                + "}", 201));
        actions.put(Operation.READ_PAYMENT, () -> http.send("GET", api + "/payments/" + records.anyPayment(), null, 200));
        return actions;
    }

    private java.util.UUID anyWritable() {
        return writes.get(java.util.concurrent.ThreadLocalRandom.current().nextInt(writes.size()));
    }
}
