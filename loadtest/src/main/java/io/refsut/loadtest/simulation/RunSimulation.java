package io.refsut.loadtest.simulation;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.doSwitch;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.onCase;
import static io.gatling.javaapi.core.CoreDsl.rampUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.Assertion;
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
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The run phase: an open model at {@code sut.rate} arrivals/s for {@code sut.durationSeconds} (after an optional
 * linear ramp), each arrival one business operation drawn from the mix, its key from the key distribution.
 * Every write and what became of it goes to the acknowledged-writes log for the reconciliation.
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

    private final KeyChooser accountKeys = KeyChooser.create(parameters.distribution(), accounts, 0,
            parameters.hotDataFraction(), parameters.hotOperationFraction());
    private final KeyChooser paymentKeys = parameters.payments() > 0
            ? KeyChooser.create(parameters.distribution(), payments, expectedPaymentInserts(),
                    parameters.hotDataFraction(), parameters.hotOperationFraction())
            : null;

    {
        ChainBuilder readAccount = exec(session -> session.set("accountId", ids.account(accountKeys.next()).toString()))
                .exec(http(Operation.READ_ACCOUNT.requestName()).get("/api/v1/accounts/#{accountId}")
                        .check(status().is(200)));

        ChainBuilder updateAccount = exec(session -> {
            long index = accountKeys.next();
            String owner = "owner-" + index + "-u" + updates.incrementAndGet();
            String body = "{\"owner\":\"" + owner + "\",\"currency\":\"" + parameters.currency()
                    + "\",\"status\":\"ACTIVE\",\"note\":" + Json.quote(documents.accountNote(owner)) + "}";
            return session.set("accountId", ids.account(index).toString()).set("owner", owner)
                    .set("requestBody", body).set("t0", System.nanoTime());
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
                    .set("requestBody", body).set("t0", System.nanoTime());
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

        ChainBuilder readPayment = exec(session -> session.set("paymentId", paymentId(paymentKeys.next()).toString()))
                .exec(http(Operation.READ_PAYMENT.requestName()).get("/api/v1/payments/#{paymentId}")
                        .check(status().is(200)));

        ScenarioBuilder run = scenario("run")
                .exec(session -> session.set("operation", mix.next().requestName()))
                .doSwitch("#{operation}").on(
                        onCase(Operation.READ_ACCOUNT.requestName()).then(readAccount),
                        onCase(Operation.UPDATE_ACCOUNT.requestName()).then(updateAccount),
                        onCase(Operation.MAKE_PAYMENT.requestName()).then(makePayment),
                        onCase(Operation.READ_PAYMENT.requestName()).then(readPayment));

        List<OpenInjectionStep> injection = new ArrayList<>();
        if (parameters.rampSeconds() > 0) {
            injection.add(rampUsersPerSec(0).to(parameters.rate()).during(Duration.ofSeconds(parameters.rampSeconds())));
        }
        injection.add(constantUsersPerSec(parameters.rate()).during(Duration.ofSeconds(parameters.durationSeconds())));

        List<Assertion> assertions = new ArrayList<>();
        assertions.add(global().failedRequests().percent().lte(parameters.maxErrorPct()));
        if (parameters.maxP99Ms() > 0) {
            assertions.add(global().responseTime().percentile(99.0).lte((int) parameters.maxP99Ms()));
        }

        setUp(run.injectOpen(injection)).protocols(Protocols.http(parameters)).assertions(assertions);
    }

    @Override
    public void after() {
        ackLog.close();
    }

    private UUID paymentId(long index) {
        return ids.payment(index, parameters.payments(), parameters.runTag());
    }

    /** Like YCSB's {@code expectednewkeys}: twice the inserts the mix implies, so zipfian covers the new keys. */
    private long expectedPaymentInserts() {
        double seconds = parameters.durationSeconds() + parameters.rampSeconds() / 2.0;
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
