package io.refsut.loadtest.bench;

import static io.refsut.loadtest.workload.CriticalPath.ACCOUNTS_FIND;
import static io.refsut.loadtest.workload.CriticalPath.ACCOUNTS_REPLACE;
import static io.refsut.loadtest.workload.CriticalPath.AUDIT_INSERT;
import static io.refsut.loadtest.workload.CriticalPath.BALANCES_FIND;
import static io.refsut.loadtest.workload.CriticalPath.BALANCES_REPLACE;
import static io.refsut.loadtest.workload.CriticalPath.PAYMENTS_FIND;
import static io.refsut.loadtest.workload.CriticalPath.PAYMENTS_INSERT;
import static io.refsut.loadtest.workload.CriticalPath.PAYMENTS_REPLACE;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One hop: the same elementary operations through each data service's internal HTTP API directly (no
 * orchestrator), with the bodies the orchestrator sends (an account or payment replace passes {@code createdAt} back,
 * so it is one MongoDB operation; a balance replace carries the version read; a payment's status change is
 * conditional on the stored status).
 */
final class HopOperations {

    /** The data services this series calls, by the names of their base URLs. */
    static final List<String> SERVICES = List.of("accounts", "payments", "balances", "audit");

    private final Http http;
    private final Records records;
    private final Map<String, String> baseUrls;
    private final Records.Slots<long[]> accountSlots;
    private final Records.Slots<long[]> balanceSlots;

    /** {@code baseUrls}: {@code accounts}, {@code payments}, {@code balances}, {@code audit} to {@code http://host:port}. */
    HopOperations(Http http, Records records, Map<String, String> baseUrls) {
        this.http = http;
        this.records = records;
        this.baseUrls = baseUrls;
        // balances of this range start at version 0 (no payment touched them) and only this series replaces them
        this.accountSlots = new Records.Slots<>(records.writeRange(1), id -> new long[1]);
        this.balanceSlots = new Records.Slots<>(records.writeRange(1), id -> new long[] {0});
    }

    Map<String, OpenLoop.Action> elementary() {
        String accounts = baseUrls.get("accounts") + "/accounts/";
        String payments = baseUrls.get("payments") + "/payments";
        String balances = baseUrls.get("balances") + "/balances/";
        String audit = baseUrls.get("audit") + "/audit-events";
        String note = Http.quote(records.note);
        Map<String, OpenLoop.Action> actions = new LinkedHashMap<>();
        actions.put(ACCOUNTS_FIND, () -> http.send("GET", accounts + records.anyAccount(), null, 200));
        actions.put(ACCOUNTS_REPLACE, () -> accountSlots.hold(slot -> {
            UUID id = accountSlots.key(slot);
            http.send("PUT", accounts + id, "{\"owner\":\"" + Records.OWNER + "\",\"currency\":\"" + Records.CURRENCY
                    + "\",\"status\":\"ACTIVE\",\"note\":" + note + ",\"createdAt\":\"" + records.createdAt.get(id)
                    + "\"}", 200);
        }));
        actions.put(PAYMENTS_FIND, () -> http.send("GET", payments + "/" + records.anyPayment(), null, 200));
        actions.put(PAYMENTS_INSERT, () -> http.send("POST", payments, "{\"accountId\":\"" + records.anyAccount()
                + "\",\"amountMinor\":1,\"currency\":\"" + Records.CURRENCY + "\",\"reference\":\"bench\",\"note\":" + note
                + "}", 201));
        actions.put(PAYMENTS_REPLACE, () -> {
            // the orchestrator's status transition, on a payment created before measuring and kept COMPLETED
            UUID id = records.anyPayment();
            Records.Payment payment = records.paymentDetails.get(id);
            http.send("PUT", payments + "/" + id + "?ifStatus=COMPLETED", "{\"accountId\":\"" + payment.account()
                    + "\",\"amountMinor\":1,\"currency\":\"" + Records.CURRENCY + "\",\"reference\":\"bench\",\"note\":"
                    + note + ",\"status\":\"COMPLETED\",\"createdAt\":\"" + payment.createdAt() + "\"}", 200);
        });
        actions.put(BALANCES_FIND, () -> http.send("GET", balances + records.anyAccount(), null, 200));
        actions.put(BALANCES_REPLACE, () -> balanceSlots.hold(slot -> {
            long[] version = balanceSlots.state(slot);
            http.send("PUT", balances + balanceSlots.key(slot), "{\"currency\":\"" + Records.CURRENCY
                    + "\",\"availableMinor\":" + Records.INITIAL_BALANCE + ",\"version\":" + version[0]
                    + ",\"appliedPayments\":[]}", 200);
            version[0]++;
        }));
        actions.put(AUDIT_INSERT, () -> http.send("POST", audit, "{\"type\":\"PAYMENT_MADE\",\"subjectId\":\""
                + records.anyAccount() + "\",\"requestId\":\"bench\",\"details\":\"bench\"}", 201));
        return actions;
    }
}
