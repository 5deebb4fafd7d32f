package io.refsut.loadtest.simulation;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.nothingFor;
import static io.gatling.javaapi.core.CoreDsl.onCase;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.OpenInjectionStep;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import io.refsut.loadtest.workload.Documents;
import io.refsut.loadtest.workload.KeyChooser;
import io.refsut.loadtest.workload.KeySpace;
import io.refsut.loadtest.workload.Mix;
import io.refsut.loadtest.workload.Operation;
import io.refsut.loadtest.workload.RecordIds;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The run phase: an open model at {@code sut.rate} arrivals/s after an optional linear ramp, for the settle period
 * plus the measured duration, each arrival one business operation drawn from the mix, its key from the key
 * distribution. Every write and what became of it goes to the acknowledged-writes log for the reconciliation.
 *
 * <p><b>Intended start.</b> The schedule of every arrival is computed before the run ({@link ArrivalSchedule}); Gatling
 * only delivers the virtual users: each whole second {@code s} of the schedule, {@code atOnceUsers(n_s)} starts the
 * {@code n_s} users intended in {@code [s, s+1)}; each takes the next arrival index {@code k} and pauses until its
 * intended instant (the anchor, i.e. the first user's start, plus {@code plan[k]}). A user the injector starts late
 * (a stalled JVM, a saturated event loop, a full {@code sut.maxInFlight}) goes at once, but keeps its intended start,
 * so the response time (end − intended) counts the delay that the service time (end − sent) does not. Each arrival
 * goes to the request log ({@link RequestLog}) with its intended, sent and end instants.
 */
public final class RunSimulation extends Simulation {

    private final SimulationParameters parameters = SimulationParameters.fromSystemProperties();
    private final RecordIds ids = new RecordIds(parameters.seed());
    private final Documents documents = new Documents(parameters.docBytes());
    private final Mix mix = parameters.mix();
    private final KeySpace accounts = new KeySpace(parameters.records());
    private final KeySpace payments = new KeySpace(parameters.payments());
    private final AtomicLong updates = new AtomicLong();
    private final AckLog ackLog = AckLog.open(parameters.ackLog());
    private final RequestLog requestLog = RequestLog.open(parameters.requestLog());
    private final double[] plan = new ArrivalSchedule(parameters.rate(), parameters.rampSeconds(),
            parameters.constantSeconds()).plan(parameters.arrivals(), scheduleSeed(parameters.seed(), parameters.runTag()));
    private final AtomicLong nextArrival = new AtomicLong();
    private final Semaphore inFlight = parameters.maxInFlight() > 0 ? new Semaphore(parameters.maxInFlight()) : null;

    private static volatile long anchorNanos;
    private static volatile long anchorEpochMillis;

    private final KeyChooser accountKeys = KeyChooser.create(parameters.distribution(), accounts, 0,
            parameters.hotDataFraction(), parameters.hotOperationFraction());
    private final KeyChooser paymentKeys = parameters.payments() > 0
            ? KeyChooser.create(parameters.distribution(), payments, expectedPaymentInserts(),
                    parameters.hotDataFraction(), parameters.hotOperationFraction())
            : null;

    {
        ChainBuilder readAccount = exec(session -> session.set("accountId", ids.account(accountKeys.next()).toString())
                .set("sent", System.nanoTime()))
                .exec(http(Operation.READ_ACCOUNT.requestName()).get("/api/v1/accounts/#{accountId}")
                        .check(status().saveAs("status"), status().is(200)));

        ChainBuilder updateAccount = exec(session -> {
            long index = accountKeys.next();
            String owner = "owner-" + index + "-u" + updates.incrementAndGet();
            String body = "{\"owner\":\"" + owner + "\",\"currency\":\"" + parameters.currency()
                    + "\",\"status\":\"ACTIVE\",\"note\":" + Json.quote(documents.accountNote(owner)) + "}";
            return session.set("accountId", ids.account(index).toString()).set("owner", owner)
                    .set("requestBody", body).set("t0", System.nanoTime()).set("sent", System.nanoTime());
        }).exec(http(Operation.UPDATE_ACCOUNT.requestName()).put("/api/v1/accounts/#{accountId}")
                .body(StringBody("#{requestBody}"))
                .check(status().saveAs("status"), status().is(200)))
                .exec(session -> {
                    UUID account = UUID.fromString(session.getString("accountId"));
                    record(session, Operation.UPDATE_ACCOUNT, account, account, 0, session.getString("owner"));
                    return session;
                });

        ChainBuilder makePayment = exec(session -> {
            long index = payments.allocate();
            long account = accountKeys.next();
            long amount = ThreadLocalRandom.current().nextLong(1, parameters.maxPaymentMinor() + 1);
            String reference = "run-" + index;
            String body = "{\"id\":\"" + paymentId(index) + "\",\"accountId\":\"" + ids.account(account)
                    + "\",\"amountMinor\":" + amount + ",\"currency\":\"" + parameters.currency()
                    + "\",\"reference\":\"" + reference + "\",\"note\":" + Json.quote(documents.paymentNote(reference))
                    + "}";
            return session.set("index", index).set("account", account).set("amount", amount)
                    .set("requestBody", body).set("t0", System.nanoTime()).set("sent", System.nanoTime());
        }).exec(http(Operation.MAKE_PAYMENT.requestName()).post("/api/v1/payments")
                .body(StringBody("#{requestBody}"))
                .check(status().saveAs("status"), status().is(201)))
                .exec(session -> {
                    long index = session.getLong("index");
                    record(session, Operation.MAKE_PAYMENT, paymentId(index), ids.account(session.getLong("account")),
                            session.getLong("amount"), "");
                    payments.acknowledge(index);
                    return session;
                });

        ChainBuilder readPayment = exec(session -> session.set("paymentId", paymentId(paymentKeys.next()).toString())
                .set("sent", System.nanoTime()))
                .exec(http(Operation.READ_PAYMENT.requestName()).get("/api/v1/payments/#{paymentId}")
                        .check(status().saveAs("status"), status().is(200)));

        ChainBuilder operations = exec(session -> session.set("operation", mix.next().requestName()))
                .doSwitch("#{operation}").on(
                        onCase(Operation.READ_ACCOUNT.requestName()).then(readAccount),
                        onCase(Operation.UPDATE_ACCOUNT.requestName()).then(updateAccount),
                        onCase(Operation.MAKE_PAYMENT.requestName()).then(makePayment),
                        onCase(Operation.READ_PAYMENT.requestName()).then(readPayment));
        ChainBuilder arrival = exec(session -> {
            long k = nextArrival.getAndIncrement();
            long anchor = anchor();
            long intended = anchor + Math.round(plan[(int) Math.min(k, plan.length - 1)] * 1e9);
            return session.set("k", k).set("intended", intended);
        }).pause(session -> java.time.Duration.ofNanos(Math.max(0, session.getLong("intended") - System.nanoTime())));
        if (inFlight != null) {
            arrival = arrival.asLongAs(session -> !inFlight.tryAcquire()).on(pause(java.time.Duration.ofMillis(1)));
        }
        ScenarioBuilder run = scenario("run")
                .exec(arrival)
                .exec(operations)
                .exec(session -> {
                    long end = System.nanoTime();
                    if (inFlight != null) {
                        inFlight.release();
                    }
                    Operation operation = Operation.fromRequestName(session.getString("operation"));
                    Integer status = session.getIntegerWrapper("status");
                    int code = status == null ? 0 : status;
                    long sent = session.contains("sent") ? session.getLong("sent") : end;
                    long anchor = anchorNanos;
                    requestLog.append(session.getLong("k"), operation.requestName(),
                            session.getLong("intended") - anchor, sent - anchor, end - anchor, code,
                            RequestLog.kind(code, expectedStatus(operation), end - sent,
                                    parameters.requestTimeoutMillis()));
                    return session;
                });

        // Gatling delivers the users of each second of the plan at its start; each waits for its own instant
        int[] perSecond = ArrivalSchedule.perSecond(plan, parameters.rampSeconds() + parameters.constantSeconds());
        List<OpenInjectionStep> injection = new ArrayList<>();
        int idle = 0;
        for (int count : perSecond) {
            if (count == 0) {
                idle++;
                continue;
            }
            if (idle > 0) {
                injection.add(nothingFor(Duration.ofSeconds(idle)));
            }
            injection.add(atOnceUsers(count));
            idle = 1;
        }
        // no Gatling assertions: the verdict comes from the summary's own figures (see ResultsWriter)
        setUp(run.injectOpen(injection)).protocols(Protocols.http(parameters));
    }

    /** {@code System.nanoTime()} of the run's first arrival (0 before it), the origin of the request log's times. */
    public static long anchorNanos() {
        return anchorNanos;
    }

    /** The epoch millisecond of {@link #anchorNanos()}. */
    public static long anchorEpochMillis() {
        return anchorEpochMillis;
    }

    /** The HTTP status a successful response of {@code operation} has. */
    static int expectedStatus(Operation operation) {
        return operation == Operation.MAKE_PAYMENT || operation == Operation.CREATE_ACCOUNT ? 201 : 200;
    }

    /** The schedule's seed: from the run's seed and tag, so a run is repeatable and two runs differ. */
    static long scheduleSeed(String seed, String runTag) {
        return ((long) seed.hashCode() << 32) ^ runTag.hashCode();
    }

    private long anchor() {
        long anchor = anchorNanos;
        if (anchor != 0) {
            return anchor;
        }
        synchronized (RunSimulation.class) {
            if (anchorNanos == 0) {
                long epoch = System.currentTimeMillis();
                long nanos = System.nanoTime();
                Map<String, String> header = new LinkedHashMap<>();
                header.put("anchorEpochMillis", Long.toString(epoch));
                header.put("arrivals", parameters.arrivals().label());
                header.put("rate", Double.toString(parameters.rate()));
                header.put("rampSeconds", Long.toString(parameters.rampSeconds()));
                header.put("settleSeconds", Long.toString(parameters.settleSeconds()));
                header.put("durationSeconds", Long.toString(parameters.durationSeconds()));
                header.put("planned", Integer.toString(plan.length));
                header.put("requestTimeoutMillis", Long.toString(parameters.requestTimeoutMillis()));
                header.put("maxInFlight", Integer.toString(parameters.maxInFlight()));
                requestLog.header(header);
                anchorEpochMillis = epoch;
                anchorNanos = nanos;
            }
            return anchorNanos;
        }
    }

    @Override
    public void before() {
        resetAnchor();
    }

    /** Forgets the previous run's anchor (before a new run phase starts in this JVM). */
    public static void resetAnchor() {
        anchorNanos = 0;
        anchorEpochMillis = 0;
    }

    @Override
    public void after() {
        ackLog.close();
        requestLog.close();
    }

    private UUID paymentId(long index) {
        return ids.payment(index, parameters.payments(), parameters.runTag());
    }

    /** Like YCSB's {@code expectednewkeys}: twice the inserts the mix implies, so zipfian covers the new keys. */
    private long expectedPaymentInserts() {
        double seconds = parameters.constantSeconds() + parameters.rampSeconds() / 2.0;
        return (long) Math.ceil(parameters.rate() * seconds * mix.insert() * 2);
    }

    private void record(Session session, Operation operation, UUID id, UUID accountId, long amount,
            String owner) {
        long end = System.nanoTime();
        Integer status = session.getIntegerWrapper("status");
        WriteOutcome outcome = WriteOutcome.classify(status);
        ackLog.append(operation.requestName(), outcome, status, id, accountId, amount, owner, session.getLong("t0"), end);
    }
}
