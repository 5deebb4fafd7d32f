package io.refsut.loadtest.simulation;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.asLongAs;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.doIf;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import io.refsut.loadtest.workload.Documents;
import io.refsut.loadtest.workload.Operation;
import io.refsut.loadtest.workload.RecordIds;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The load phase: creates {@code sut.records} accounts (ids from the record index, see {@link RecordIds}) with
 * {@code sut.initialBalanceMinor} each, then {@code sut.payments} payments of {@link #LOAD_PAYMENT_MINOR} for the
 * run phase's payment reads, as fast as {@code sut.loadConcurrency} looping users go (a closed model). The account
 * users start evenly over {@code sut.loadRampMillis} (0: all at once); the payment users start together once the
 * accounts are done.
 *
 * <p>A rerun with the same seed against the same deployment works: a create answered 409 (the id exists, written by
 * an earlier load of this seed) is confirmed by reading the record back through the public API ({@code
 * load_existing_account} / {@code load_existing_payment}, 200 expected) and counted as <em>existing</em>, neither
 * acknowledged again nor failed.
 */
public final class LoadSimulation extends Simulation {

    /** The amount of each load-phase payment, in minor units. */
    public static final long LOAD_PAYMENT_MINOR = 100;

    private static final AtomicLong DONE = new AtomicLong();
    private static final AtomicLong FAILED = new AtomicLong();
    private static final AtomicLong EXISTING = new AtomicLong();
    private static final AtomicLong FIRST_SENT = new AtomicLong(Long.MAX_VALUE);
    private static final AtomicLong LAST_ANSWERED = new AtomicLong(Long.MIN_VALUE);

    private final SimulationParameters parameters = SimulationParameters.fromSystemProperties();
    private final RecordIds ids = new RecordIds(parameters.seed());
    private final Documents documents = new Documents(parameters.docBytes());
    private final AtomicLong nextAccount = new AtomicLong();
    private final AtomicLong nextPayment = new AtomicLong();
    private final AckLog ackLog = AckLog.open(parameters.ackLog());

    {
        DONE.set(0);
        FAILED.set(0);
        EXISTING.set(0);
        FIRST_SENT.set(Long.MAX_VALUE);
        LAST_ANSWERED.set(Long.MIN_VALUE);

        ChainBuilder createAccount = exec(session -> {
            long index = nextAccount.getAndIncrement();
            String owner = "owner-" + index;
            String body = "{\"id\":\"" + ids.account(index) + "\",\"owner\":\"" + owner + "\",\"currency\":\""
                    + parameters.currency() + "\",\"status\":\"ACTIVE\",\"initialBalanceMinor\":"
                    + parameters.initialBalanceMinor() + ",\"note\":" + Json.quote(documents.accountNote(owner)) + "}";
            return session.set("index", index).set("requestBody", body).set("t0", System.nanoTime())
                    .set("existingPath", "/api/v1/accounts/" + ids.account(index));
        }).doIf(session -> session.getLong("index") < parameters.records()).then(
                exec(http(Operation.CREATE_ACCOUNT.requestName()).post("/api/v1/accounts")
                        .body(StringBody("#{requestBody}"))
                        .check(status().saveAs("status"), status().in(201, 409)))
                        .exec(confirmExisting("load_existing_account"))
                        .exec(session -> record(session, Operation.CREATE_ACCOUNT,
                                ids.account(session.getLong("index")), ids.account(session.getLong("index")), 0, "")));

        ChainBuilder makePayment = exec(session -> {
            long index = nextPayment.getAndIncrement();
            long account = loadPaymentAccount(index, parameters.records(), parameters.payments());
            String reference = "load-" + index;
            String body = "{\"id\":\"" + ids.payment(index) + "\",\"accountId\":\"" + ids.account(account)
                    + "\",\"amountMinor\":" + LOAD_PAYMENT_MINOR + ",\"currency\":\"" + parameters.currency()
                    + "\",\"reference\":\"" + reference + "\",\"note\":" + Json.quote(documents.paymentNote(reference))
                    + "}";
            return session.set("index", index).set("account", account).set("requestBody", body)
                    .set("t0", System.nanoTime()).set("existingPath", "/api/v1/payments/" + ids.payment(index));
        }).doIf(session -> session.getLong("index") < parameters.payments()).then(
                exec(http(Operation.MAKE_PAYMENT.requestName()).post("/api/v1/payments")
                        .body(StringBody("#{requestBody}"))
                        .check(status().saveAs("status"), status().in(201, 409)))
                        .exec(confirmExisting("load_existing_payment"))
                        .exec(session -> record(session, Operation.MAKE_PAYMENT, ids.payment(session.getLong("index")),
                                ids.account(session.getLong("account")), LOAD_PAYMENT_MINOR, "")));

        ScenarioBuilder accounts = scenario("load accounts")
                .asLongAs(session -> nextAccount.get() < parameters.records()).on(createAccount);
        ScenarioBuilder payments = scenario("load payments")
                .asLongAs(session -> nextPayment.get() < parameters.payments()).on(makePayment);

        int users = parameters.loadConcurrency();
        PopulationBuilder accountUsers = accounts.injectOpen(parameters.loadRampMillis() == 0 ? atOnceUsers(users)
                : rampUsers(users).during(Duration.ofMillis(parameters.loadRampMillis())));
        if (parameters.payments() > 0) {
            setUp(accountUsers.andThen(payments.injectOpen(atOnceUsers(users)))).protocols(Protocols.http(parameters));
        } else {
            setUp(accountUsers).protocols(Protocols.http(parameters));
        }
    }

    /** The account load-phase payment {@code index} goes to: spread evenly over the accounts. */
    public static long loadPaymentAccount(long index, long records, long payments) {
        return payments <= records ? index * (records / Math.max(1, payments)) % records : index % records;
    }

    /** Writes (accounts plus payments) the load phase has finished so far, successful or not. */
    public static long done() {
        return DONE.get();
    }

    /**
     * Seconds from the first write sent to the last one answered: the time the load phase spent writing, without
     * Gatling's start and its report around it; 0 before any write finished.
     */
    public static double writingSeconds() {
        long first = FIRST_SENT.get();
        long last = LAST_ANSWERED.get();
        return last < first ? 0 : (last - first) / 1e9;
    }

    /** Creates answered 409 whose record an earlier load of the same seed wrote (confirmed by a read). */
    public static long existing() {
        return EXISTING.get();
    }

    /** Writes of the load phase that were not acknowledged (nor found existing). */
    public static long failed() {
        return FAILED.get();
    }

    @Override
    public void after() {
        ackLog.close();
    }

    /** After a 409: reads {@code existingPath} back; its status goes to {@code existingStatus}. */
    private static ChainBuilder confirmExisting(String requestName) {
        return doIf(session -> Integer.valueOf(409).equals(session.getIntegerWrapper("status"))).then(
                exec(http(requestName).get("#{existingPath}").check(status().saveAs("existingStatus"), status().is(200))));
    }

    private Session record(Session session, Operation operation, UUID id, UUID accountId, long amount, String owner) {
        long end = System.nanoTime();
        FIRST_SENT.accumulateAndGet(session.getLong("t0"), Math::min);
        LAST_ANSWERED.accumulateAndGet(end, Math::max);
        Integer status = session.getIntegerWrapper("status");
        if (Integer.valueOf(409).equals(status)) {
            if (Integer.valueOf(200).equals(session.getIntegerWrapper("existingStatus"))) {
                EXISTING.incrementAndGet();
            } else {
                FAILED.incrementAndGet();
            }
            DONE.incrementAndGet();
            return session.remove("status").remove("existingStatus");
        }
        WriteOutcome outcome = WriteOutcome.classify(status);
        ackLog.append(operation.requestName(), outcome, status, id, accountId, amount, owner, session.getLong("t0"), end);
        if (outcome != WriteOutcome.ACKNOWLEDGED) {
            FAILED.incrementAndGet();
        }
        DONE.incrementAndGet();
        return session.remove("status");
    }
}
