package io.refsut.loadtest.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.util.List;
import java.util.UUID;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the check finds in documents a load left: a debit without its completed payment, named with its status. */
class ConsistencyCheckTest {

    private MongoServer mongo;
    private DatabaseInspector database;
    private final Workload workload = new Workload("https://127.0.0.1:1", 1);

    @BeforeEach
    void start() {
        mongo = new MongoServer(new MemoryBackend());
        mongo.bind("127.0.0.1", 0);
        database = new DatabaseInspector("mongodb://127.0.0.1:" + mongo.getLocalAddress().getPort());
    }

    @AfterEach
    void stop() {
        database.close();
        mongo.shutdownNow();
    }

    @Test
    void aBalanceDebitedForPaymentsNotCompletedNamesThemWithTheirStatus() {
        UUID account = UUID.randomUUID();
        UUID completed = UUID.randomUUID();
        UUID cancelled = UUID.randomUUID();
        UUID absent = UUID.randomUUID();
        workload.initialBalances.put(account, 1000L);
        database.collection("accounts/accounts").insertOne(new Document("_id", account).append("owner", "Ada"));
        database.collection("payments/payments").insertMany(List.of(payment(completed, account, 100, "COMPLETED"),
                payment(cancelled, account, 30, "CANCELLED")));
        // 100 completed, but 100 + 30 + 7 debited: the cancelled payment's debit and one without a payment stayed
        database.collection("balances/balances").insertOne(new Document("_id", account)
                .append("availableMinor", 863L).append("appliedPayments", List.of(absent, cancelled, completed)));

        ConsistencyCheck.Result result = ConsistencyCheck.check(database, workload);

        assertEquals(1, result.unbalancedAccounts());
        assertEquals(1, result.inconsistent());
        assertEquals(1, result.compensated(), "the cancelled payment");
        String finding = result.examples().get(0);
        assertTrue(finding.contains("difference 37"), finding);
        assertTrue(finding.contains("applied payments not completed: [" + absent + " absent, " + cancelled
                + " CANCELLED]"), finding);
    }

    @Test
    void aBalanceThatMatchesItsCompletedPaymentsIsConsistent() {
        UUID account = UUID.randomUUID();
        UUID completed = UUID.randomUUID();
        workload.initialBalances.put(account, 1000L);
        database.collection("accounts/accounts").insertOne(new Document("_id", account).append("owner", "Ada"));
        database.collection("payments/payments").insertOne(payment(completed, account, 100, "COMPLETED"));
        database.collection("balances/balances").insertOne(new Document("_id", account)
                .append("availableMinor", 900L).append("appliedPayments", List.of(completed)));

        ConsistencyCheck.Result result = ConsistencyCheck.check(database, workload);

        assertEquals(0, result.inconsistent());
        assertEquals(List.of(), result.examples());
    }

    @Test
    void theCheckWaitsForTheSweepToDeleteAHalfMadeAccount() throws Exception {
        UUID whole = UUID.randomUUID();
        UUID half = UUID.randomUUID();
        workload.initialBalances.put(whole, 1000L);
        workload.initialBalances.put(half, 1000L);
        for (UUID id : List.of(whole, half)) {
            database.collection("accounts/accounts").insertOne(new Document("_id", id).append("owner", "Ada"));
        }
        database.collection("balances/balances").insertOne(new Document("_id", whole).append("availableMinor", 1000L)
                .append("appliedPayments", List.of()));
        List<String> console = new java.util.concurrent.CopyOnWriteArrayList<>();
        // the sweep deletes the late half a moment later
        Thread sweep = new Thread(() -> {
            try {
                Thread.sleep(1500);
                database.collection("accounts/accounts").deleteOne(new Document("_id", half));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        sweep.start();

        ConsistencyCheck.Result result = ConsistencyCheck.afterSweep(database, workload, console::add);
        sweep.join();

        assertEquals(0, result.inconsistent(), result.examples().toString());
        assertEquals(List.of("0 payments PENDING and 1 accounts half made; waiting up to 30 s for the orchestrator's "
                + "recovery sweep"), console);
    }

    private static Document payment(UUID id, UUID account, long amount, String status) {
        return new Document("_id", id).append("accountId", account).append("amountMinor", amount)
                .append("status", status);
    }
}
