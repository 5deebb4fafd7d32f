package io.refsut.loadtest.bench;

import static io.refsut.loadtest.workload.CriticalPath.ACCOUNTS_FIND;
import static io.refsut.loadtest.workload.CriticalPath.ACCOUNTS_REPLACE;
import static io.refsut.loadtest.workload.CriticalPath.AUDIT_INSERT;
import static io.refsut.loadtest.workload.CriticalPath.BALANCES_FIND;
import static io.refsut.loadtest.workload.CriticalPath.BALANCES_REPLACE;
import static io.refsut.loadtest.workload.CriticalPath.PAYMENTS_FIND;
import static io.refsut.loadtest.workload.CriticalPath.PAYMENTS_INSERT;
import static io.refsut.loadtest.workload.CriticalPath.PAYMENTS_REPLACE;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import io.refsut.loadtest.workload.Operation;
import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.bson.UuidRepresentation;

/**
 * The database floor: the data services' single-document operations issued directly with the MongoDB Java driver
 * (synchronous), on the same collections and with documents of the same shape (copies of ones the services wrote),
 * the same write concern ({@code w=majority, j=true}) and read preference (primary) as the services' defaults.
 */
final class FloorOperations implements AutoCloseable {

    private final MongoClient client;
    private final MongoCollection<Document> accounts;
    private final MongoCollection<Document> payments;
    private final MongoCollection<Document> balances;
    private final MongoCollection<Document> audit;
    private final Records records;
    private final Records.Slots<Document> accountSlots;
    private final Records.Slots<Document> balanceSlots;
    private final Document paymentTemplate;
    private final Document auditTemplate;

    FloorOperations(String connectionString, Records records) {
        ConnectionString uri = new ConnectionString(connectionString);
        MongoClientSettings.Builder settings = MongoClientSettings.builder().applyConnectionString(uri)
                .uuidRepresentation(UuidRepresentation.STANDARD)
                .applyToClusterSettings(cluster -> cluster.serverSelectionTimeout(5, TimeUnit.SECONDS))
                .applyToSocketSettings(socket -> socket.connectTimeout(5, TimeUnit.SECONDS).readTimeout(10, TimeUnit.SECONDS))
                .applyToConnectionPoolSettings(pool -> pool.maxSize(100).maxWaitTime(2, TimeUnit.SECONDS));
        if (uri.getWriteConcern() == null) {
            settings.writeConcern(WriteConcern.MAJORITY.withJournal(true));
        }
        if (uri.getReadPreference() == null) {
            settings.readPreference(ReadPreference.primary());
        }
        this.client = MongoClients.create(settings.build());
        this.accounts = client.getDatabase("accounts").getCollection("accounts");
        this.payments = client.getDatabase("payments").getCollection("payments");
        this.balances = client.getDatabase("balances").getCollection("balances");
        this.audit = client.getDatabase("audit").getCollection("audit_events");
        this.records = records;
        List<UUID> writes = records.writeRange(0);
        this.accountSlots = new Records.Slots<>(writes, id -> found(accounts, id));
        this.balanceSlots = new Records.Slots<>(writes, id -> found(balances, id));
        this.paymentTemplate = found(payments, records.payments.get(0));
        this.auditTemplate = audit.find().first();
        if (auditTemplate == null) {
            throw new IllegalStateException("no audit event in the store: the bench's accounts were not created");
        }
    }

    private static Document found(MongoCollection<Document> collection, UUID id) {
        Document document = collection.find(Filters.eq("_id", id)).first();
        if (document == null) {
            throw new IllegalStateException("document " + id + " is missing from " + collection.getNamespace());
        }
        return document;
    }

    /** The elementary operations, by name. */
    Map<String, OpenLoop.Action> elementary() {
        Map<String, OpenLoop.Action> actions = new LinkedHashMap<>();
        actions.put(ACCOUNTS_FIND, () -> find(accounts, records.anyAccount()));
        actions.put(ACCOUNTS_REPLACE, this::replaceAccount);
        actions.put(PAYMENTS_FIND, () -> find(payments, records.anyPayment()));
        // a copy of a stored (COMPLETED) payment: one left PENDING would be completed or cancelled by the
        // orchestrator's recovery sweep, which writes to balances this series tracks the versions of
        actions.put(PAYMENTS_INSERT, () -> insertPayment(records.anyAccount(), paymentTemplate.getString("status")));
        actions.put(PAYMENTS_REPLACE, this::replacePayment);
        actions.put(BALANCES_FIND, () -> find(balances, records.anyAccount()));
        actions.put(BALANCES_REPLACE, this::replaceBalance);
        actions.put(AUDIT_INSERT, () -> insertAudit(records.anyAccount()));
        return actions;
    }

    /**
     * A business operation's MongoDB operations issued one after the other with the driver, on the same kind of
     * keys as the services would use: the store's own cost of that operation (for its capacity).
     */
    OpenLoop.Action transaction(Operation operation) {
        return switch (operation) {
            case READ_ACCOUNT -> () -> {
                UUID id = records.anyAccount();
                find(accounts, id);
                find(balances, id);
            };
            case UPDATE_ACCOUNT -> () -> accountSlots.hold(slot -> {
                find(accounts, accountSlots.key(slot));
                replaceAccount(slot);
                insertAudit(accountSlots.key(slot));
            });
            case MAKE_PAYMENT -> () -> balanceSlots.hold(slot -> {
                UUID id = balanceSlots.key(slot);
                find(accounts, id);
                Document payment = insertPayment(id, "PENDING");
                find(balances, id);
                replaceBalanceHeld(slot);
                insertAudit(id);
                replacePaymentStatus(payment, "COMPLETED");
            });
            case READ_PAYMENT -> () -> {
                find(payments, records.anyPayment());
                find(accounts, records.anyAccount());
            };
            case CREATE_ACCOUNT -> throw new IllegalArgumentException("create_account is not benchmarked");
        };
    }

    private static void find(MongoCollection<Document> collection, UUID id) {
        if (collection.find(Filters.eq("_id", id)).first() == null) {
            throw new IllegalStateException(collection.getNamespace() + ": " + id + " not found");
        }
    }

    private void replaceAccount() throws Exception {
        accountSlots.hold(this::replaceAccount);
    }

    private void replaceAccount(int slot) {
        Document document = new Document(accountSlots.state(slot));
        document.put("updatedAt", new Date());
        if (accounts.replaceOne(Filters.eq("_id", accountSlots.key(slot)), document).getMatchedCount() != 1) {
            throw new IllegalStateException("accounts: " + accountSlots.key(slot) + " not replaced");
        }
    }

    private void replaceBalance() throws Exception {
        balanceSlots.hold(this::replaceBalanceHeld);
    }

    /** Replace with the version read in the filter, storing version + 1, as the balances service does. */
    private void replaceBalanceHeld(int slot) {
        Document current = balanceSlots.state(slot);
        long version = ((Number) current.get("version")).longValue();
        Document next = new Document(current);
        next.put("version", version + 1);
        next.put("updatedAt", new Date());
        UUID id = balanceSlots.key(slot);
        if (balances.replaceOne(Filters.and(Filters.eq("_id", id), Filters.eq("version", version)), next)
                .getMatchedCount() != 1) {
            balanceSlots.state(slot, found(balances, id));
            throw new IllegalStateException("balances: version conflict on " + id);
        }
        balanceSlots.state(slot, next);
    }

    /** A payment of {@code account} in {@code status} (the orchestrator inserts PENDING); returns what it stored. */
    private Document insertPayment(UUID account, String status) {
        Document payment = new Document(paymentTemplate);
        payment.put("status", status);
        return insertCopy(payments, payment, "accountId", account, "createdAt");
    }

    /**
     * The orchestrator's status transition: replace conditional on the stored status ({@code _id} and {@code status}
     * in the filter). Alone, on a payment created before measuring, replaced by itself: its status is kept, so every
     * series' reads and replaces of it still match.
     */
    private void replacePayment() {
        UUID id = records.anyPayment();
        Records.Payment details = records.paymentDetails.get(id);
        Document stored = new Document(paymentTemplate);
        stored.put("_id", id);
        stored.put("accountId", details.account());
        if (paymentTemplate.get("createdAt") instanceof Date) {
            stored.put("createdAt", Date.from(Instant.parse(details.createdAt())));
        }
        replacePaymentStatus(stored, paymentTemplate.getString("status"));
    }

    private void replacePaymentStatus(Document payment, String status) {
        Document next = new Document(payment);
        next.put("status", status);
        if (payments.replaceOne(Filters.and(Filters.eq("_id", payment.get("_id")),
                Filters.eq("status", payment.getString("status"))), next).getMatchedCount() != 1) {
            throw new IllegalStateException("payments: " + payment.get("_id") + " is no longer "
                    + payment.getString("status"));
        }
    }

    private void insertAudit(UUID subject) {
        insertCopy(audit, auditTemplate, "subjectId", subject, "occurredAt");
    }

    /** Inserts a copy of {@code template} under a new id, referring to {@code subject}, stamped now; returns it. */
    private static Document insertCopy(MongoCollection<Document> collection, Document template, String subjectField,
            UUID subject, String timeField) {
        Document document = new Document(template);
        document.put("_id", UUID.randomUUID());
        document.put(subjectField, subject);
        document.put(timeField, new Date());
        collection.insertOne(document);
        return document;
    }

    @Override
    public void close() {
        client.close();
    }
}
