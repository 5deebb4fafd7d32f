package io.refsut.loadtest.simulation;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.asLongAs;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.doIf;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
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
 * users start evenly over {@code sut.loadRampMillis} (0: all at once), those still waiting when every account is taken
 * not at all, so a load smaller than the ramp is not stretched to it; the payment users start together once the
 * accounts are done.
 *
 * <p>A rerun with the same seed against the same deployment works: a create answered 409 (the id exists, written by
 * an earlier load of this seed) is confirmed by reading the record back through the public API ({@code
 * load_existing_account} / {@code load_existing_payment}, 200 expected) and counted as <em>existing</em>, neither
 * acknowledged again nor failed.
 *
 * <p>A write answered 5xx, or not answered at all, is sent again with the same id and body, up to {@link
 * #WRITE_RETRIES} times after pauses of 1, 2, 4, 8 and 8 s (a cold or briefly overloaded deployment times some writes
 * out; the records are still needed). A retry answered 409 means the record is there (an earlier attempt, or an earlier
 * load, wrote it): it is confirmed by the read as above, counted as existing, and logged {@link
 * WriteOutcome#INDETERMINATE} with the status the first attempt got, since this load cannot tell whether its own
 * attempt wrote it. A 409 whose read answers 404 is a half-made account (one of its inserts landed after the
 * orchestrator had given up and compensated): it is sent again after {@link #HALF_MADE_PAUSE}, by when the
 * orchestrator's recovery sweep has deleted the late half. Every attempt stays in Gatling's statistics; the ack log
 * gets one line per write. So does a 409 whose read could not be answered (5xx or no answer): the retry's 409 reads
 * the record again.
 */
public final class LoadSimulation extends Simulation {

    /** The amount of each load-phase payment, in minor units. */
    public static final long LOAD_PAYMENT_MINOR = 100;

    /**
     * How many times a load-phase write answered 5xx, not at all, or 409 with a half-made record is sent again before
     * it counts as failed.
     */
    public static final int WRITE_RETRIES = 5;

    /**
     * The pause before sending a write again whose record was half-made (409, then 404 on the read): an account an
     * earlier attempt half created (one of its two inserts timed out and landed later), which the orchestrator's
     * recovery sweep deletes once it is older than its {@code sut.recovery.min-age-ms} (30 s, swept every 10 s).
     */
    public static final Duration HALF_MADE_PAUSE = Duration.ofSeconds(20);

    /** How often a load user that has not reached its start in the ramp looks at the clock and the records left. */
    static final Duration RAMP_POLL = Duration.ofMillis(50);

    private static final AtomicLong DONE = new AtomicLong();
    private static final AtomicLong RETRIED = new AtomicLong();
    private static final AtomicLong RETRIED_EXISTING = new AtomicLong();
    private static final AtomicLong RETRIED_HALF_MADE = new AtomicLong();
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
        RETRIED.set(0);
        RETRIED_EXISTING.set(0);
        RETRIED_HALF_MADE.set(0);
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
                sendRetrying(http(Operation.CREATE_ACCOUNT.requestName()).post("/api/v1/accounts")
                        .body(StringBody("#{requestBody}"))
                        .check(status().saveAs("status"), status().in(201, 409)), "load_existing_account")
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
                sendRetrying(http(Operation.MAKE_PAYMENT.requestName()).post("/api/v1/payments")
                        .body(StringBody("#{requestBody}"))
                        .check(status().saveAs("status"), status().in(201, 409)), "load_existing_payment")
                        .exec(session -> record(session, Operation.MAKE_PAYMENT, ids.payment(session.getLong("index")),
                                ids.account(session.getLong("account")), LOAD_PAYMENT_MINOR, "")));

        // the ramp: user k waits until k/users of it has passed, or until the records are all taken (a small load
        // ends without waiting for the ramp's last users, and the payments start after it)
        int users = parameters.loadConcurrency();
        long rampNanos = parameters.loadRampMillis() * 1_000_000L;
        AtomicLong joined = new AtomicLong();
        AtomicLong rampStart = new AtomicLong();
        ScenarioBuilder accounts = scenario("load accounts")
                .exec(session -> {
                    long k = joined.getAndIncrement();
                    long now = System.nanoTime();
                    rampStart.compareAndSet(0, now);
                    return session.set("startAt", Math.max(now, rampStart.get() + k * rampNanos / users));
                })
                .asLongAs(session -> System.nanoTime() < session.getLong("startAt")
                        && nextAccount.get() < parameters.records()).on(pause(RAMP_POLL))
                .asLongAs(session -> nextAccount.get() < parameters.records()).on(createAccount);
        ScenarioBuilder payments = scenario("load payments")
                .asLongAs(session -> nextPayment.get() < parameters.payments()).on(makePayment);

        PopulationBuilder accountUsers = accounts.injectOpen(atOnceUsers(users));
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

    /** Writes sent more than once (an earlier attempt was answered 5xx, not at all, or found a half-made record). */
    public static long retried() {
        return RETRIED.get();
    }

    /** Retried writes whose retry was answered 409 and confirmed by a read: counted in {@link #existing()} too. */
    public static long retriedExisting() {
        return RETRIED_EXISTING.get();
    }

    /** Retried writes that found a half-made record on the way (a 409, then 404 on the read). */
    public static long retriedHalfMade() {
        return RETRIED_HALF_MADE.get();
    }

    /**
     * The pause before retry {@code retry} (1-based): after a 5xx or no answer 1 s, doubling up to 8 s; after a
     * half-made record (409, then 404 on the read) {@link #HALF_MADE_PAUSE}.
     */
    public static Duration retryPause(int retry, boolean halfMade) {
        return halfMade ? HALF_MADE_PAUSE : Duration.ofSeconds(1L << Math.min(3, retry - 1));
    }

    /**
     * True when a write must be sent (again): its first attempt, or a retry left after a 5xx or no answer, or after a
     * 409 whose record reads 404 (half-made) or could not be read (5xx or no answer: the retry's 409 reads it again).
     */
    static boolean sendAgain(int attempts, Integer status, Integer existingStatus) {
        if (attempts == 0) {
            return true;
        }
        if (attempts > WRITE_RETRIES) {
            return false;
        }
        if (Integer.valueOf(409).equals(status)) {
            return halfMade(status, existingStatus) || unanswered(existingStatus);
        }
        return unanswered(status);
    }

    /** No answer, or a 5xx: worth asking again. */
    private static boolean unanswered(Integer status) {
        return status == null || status == 0 || status >= 500;
    }

    private static boolean halfMade(Integer status, Integer existingStatus) {
        return Integer.valueOf(409).equals(status) && Integer.valueOf(404).equals(existingStatus);
    }

    /** Writes of the load phase that were not acknowledged (nor found existing). */
    public static long failed() {
        return FAILED.get();
    }

    @Override
    public void after() {
        ackLog.close();
    }

    /**
     * Sends {@code request}, a 409 confirmed by reading the record back ({@code existingRequest}), again while
     * {@link #sendAgain} says so; {@code attempts} counts the sends, {@code retriedStatus} keeps the first attempt's
     * status (0: no answer).
     */
    private static ChainBuilder sendRetrying(HttpRequestActionBuilder request, String existingRequest) {
        return exec(session -> session.set("attempts", 0).remove("status").remove("existingStatus")
                .remove("retriedStatus"))
                .asLongAs(session -> sendAgain(session.getInt("attempts"), session.getIntegerWrapper("status"),
                        session.getIntegerWrapper("existingStatus")))
                .on(doIf(session -> session.getInt("attempts") > 0).then(exec(LoadSimulation::beforeRetry)
                                .pause(session -> Duration.ofMillis(session.getLong("pauseMillis"))))
                        .exec(request)
                        .exec(confirmExisting(existingRequest))
                        .exec(session -> session.set("attempts", session.getInt("attempts") + 1)));
    }

    /** Before a retry: keeps the first attempt's status, notes a half-made record, sets the pause. */
    private static Session beforeRetry(Session session) {
        boolean halfMade = halfMade(session.getIntegerWrapper("status"), session.getIntegerWrapper("existingStatus"));
        Session next = session.contains("retriedStatus") ? session
                : session.set("retriedStatus", statusOrZero(session));
        if (halfMade) {
            next = next.set("halfMade", true);
        }
        return next.set("pauseMillis", retryPause(session.getInt("attempts"), halfMade).toMillis())
                .remove("status").remove("existingStatus");
    }

    private static int statusOrZero(Session session) {
        Integer status = session.getIntegerWrapper("status");
        return status == null ? 0 : status;
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
        boolean retried = session.getInt("attempts") > 1;
        if (retried) {
            RETRIED.incrementAndGet();
        }
        if (session.contains("halfMade")) {
            RETRIED_HALF_MADE.incrementAndGet();
        }
        Session next = session.remove("status").remove("existingStatus").remove("retriedStatus").remove("attempts")
                .remove("halfMade").remove("pauseMillis");
        if (Integer.valueOf(409).equals(status)) {
            if (retried) {
                // one of this load's attempts may have written it: the reconciliation must know of it
                ackLog.append(operation.requestName(), WriteOutcome.INDETERMINATE, session.getInt("retriedStatus"),
                        id, accountId, amount, owner, session.getLong("t0"), end);
            }
            if (Integer.valueOf(200).equals(session.getIntegerWrapper("existingStatus"))) {
                EXISTING.incrementAndGet();
                if (retried) {
                    RETRIED_EXISTING.incrementAndGet();
                }
            } else {
                FAILED.incrementAndGet();
            }
            DONE.incrementAndGet();
            return next;
        }
        WriteOutcome outcome = WriteOutcome.classify(status);
        ackLog.append(operation.requestName(), outcome, status, id, accountId, amount, owner, session.getLong("t0"), end);
        if (outcome != WriteOutcome.ACKNOWLEDGED) {
            FAILED.incrementAndGet();
        }
        DONE.incrementAndGet();
        return next;
    }
}
