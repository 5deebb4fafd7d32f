package io.refsut.loadtest.bench;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The accounts and payments the bench created before measuring. Reads pick any record at random (uniform); writes
 * that replace a document use a third of the accounts per series (floor, one hop, full) so that one series' replaces
 * never change a version another series is tracking, and take a key that no other arrival is replacing right now.
 */
final class Records {

    static final String CURRENCY = "EUR";
    static final String OWNER = "bench owner";
    static final long INITIAL_BALANCE = 1_000_000_000_000L;

    final List<UUID> accounts;
    final Map<UUID, String> createdAt;
    final List<UUID> payments;
    /** Each payment's account and stored {@code createdAt}, for a replace that passes them back as the orchestrator. */
    final Map<UUID, Payment> paymentDetails;
    final String note;

    /** What the bench needs of a payment it created. */
    record Payment(UUID account, String createdAt) {
    }

    Records(List<UUID> accounts, Map<UUID, String> createdAt, Map<UUID, Payment> payments, String note) {
        this.accounts = accounts;
        this.createdAt = createdAt;
        this.payments = List.copyOf(payments.keySet());
        this.paymentDetails = payments;
        this.note = note;
    }

    UUID anyAccount() {
        return accounts.get(ThreadLocalRandom.current().nextInt(accounts.size()));
    }

    UUID anyPayment() {
        return payments.get(ThreadLocalRandom.current().nextInt(payments.size()));
    }

    /** The accounts series {@code part} (0 floor, 1 one hop, 2 full) writes to. */
    List<UUID> writeRange(int part) {
        int third = accounts.size() / 3;
        return part == 2 ? accounts.subList(2 * third, accounts.size()) : accounts.subList(part * third, (part + 1) * third);
    }

    /** Keys of one write range, each held by at most one arrival at a time, with per-key state. */
    static final class Slots<S> {

        private final List<UUID> keys;
        private final AtomicBoolean[] busy;
        private final Object[] state;

        Slots(List<UUID> keys, java.util.function.Function<UUID, S> initial) {
            this.keys = keys;
            this.busy = new AtomicBoolean[keys.size()];
            this.state = new Object[keys.size()];
            for (int i = 0; i < keys.size(); i++) {
                busy[i] = new AtomicBoolean();
                state[i] = initial.apply(keys.get(i));
            }
        }

        /** Runs {@code work} with a free key's index held, and releases the key after it, whatever happens. */
        void hold(Held work) throws Exception {
            int slot = acquire();
            try {
                work.run(slot);
            } finally {
                release(slot);
            }
        }

        /** A free key's index, marked busy; release it with {@link #release}. */
        int acquire() {
            int start = ThreadLocalRandom.current().nextInt(keys.size());
            for (int n = 0; n < keys.size(); n++) {
                int i = (start + n) % keys.size();
                if (busy[i].compareAndSet(false, true)) {
                    return i;
                }
            }
            throw new IllegalStateException("every one of " + keys.size() + " keys is being replaced");
        }

        UUID key(int index) {
            return keys.get(index);
        }

        @SuppressWarnings("unchecked")
        S state(int index) {
            return (S) state[index];
        }

        void state(int index, S value) {
            state[index] = value;
        }

        void release(int index) {
            busy[index].set(false);
        }

        /** What runs while a key is held. */
        interface Held {
            void run(int slot) throws Exception;
        }
    }
}
