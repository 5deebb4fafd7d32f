package io.refsut.loadtest.workload;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The MongoDB operations of a business operation as the orchestrator orders them (README.md, "Public API"): legs in
 * sequence add up, legs in parallel count as their slowest. Elementary operations are named
 * {@code <service>.<find|insert|replace>}. A payment is written PENDING and, after its audit event, replaced COMPLETED
 * (docs/CONTRACT.md "Payment states"): that conditional replace is the last leg of make_payment.
 */
public sealed interface CriticalPath {

    /** One MongoDB operation of one data service. */
    record Leg(String name) implements CriticalPath {
    }

    /** Legs one after the other. */
    record Sequence(List<CriticalPath> parts) implements CriticalPath {
    }

    /** Legs at the same time. */
    record Parallel(List<CriticalPath> parts) implements CriticalPath {
    }

    String ACCOUNTS_FIND = "accounts.find";
    String ACCOUNTS_REPLACE = "accounts.replace";
    String PAYMENTS_FIND = "payments.find";
    String PAYMENTS_INSERT = "payments.insert";
    String PAYMENTS_REPLACE = "payments.replace";
    String BALANCES_FIND = "balances.find";
    String BALANCES_REPLACE = "balances.replace";
    String AUDIT_INSERT = "audit.insert";
    String ACCOUNTS_INSERT = "accounts.insert";
    String BALANCES_INSERT = "balances.insert";

    /** The call graph of each business operation. */
    Map<Operation, CriticalPath> OF = Map.of(
            Operation.CREATE_ACCOUNT, seq(par(leg(ACCOUNTS_INSERT), leg(BALANCES_INSERT)), leg(AUDIT_INSERT)),
            Operation.READ_ACCOUNT, par(leg(ACCOUNTS_FIND), leg(BALANCES_FIND)),
            Operation.UPDATE_ACCOUNT, seq(leg(ACCOUNTS_FIND), leg(ACCOUNTS_REPLACE), leg(AUDIT_INSERT)),
            Operation.MAKE_PAYMENT, seq(leg(ACCOUNTS_FIND),
                    par(leg(PAYMENTS_INSERT), seq(leg(BALANCES_FIND), leg(BALANCES_REPLACE))), leg(AUDIT_INSERT),
                    leg(PAYMENTS_REPLACE)),
            Operation.READ_PAYMENT, seq(leg(PAYMENTS_FIND), leg(ACCOUNTS_FIND)));

    /** The critical path of the operation whose request name is {@code name}, or null for an unknown name. */
    static CriticalPath of(String name) {
        try {
            return OF.get(Operation.fromRequestName(name));
        } catch (IllegalArgumentException unknown) {
            return null;
        }
    }

    /** The critical-path time given each leg's time (NaN when a leg's time is NaN). */
    default double time(ToDoubleFunction<String> legTime) {
        if (this instanceof Leg leg) {
            return legTime.applyAsDouble(leg.name());
        }
        if (this instanceof Sequence sequence) {
            return sequence.parts().stream().mapToDouble(part -> part.time(legTime)).sum();
        }
        return ((Parallel) this).parts().stream().mapToDouble(part -> part.time(legTime)).max().orElse(0);
    }

    /** Every leg, in call order (a leg used twice is listed twice). */
    default List<String> legs() {
        List<String> legs = new ArrayList<>();
        if (this instanceof Leg leg) {
            legs.add(leg.name());
        } else {
            List<CriticalPath> parts = this instanceof Sequence s ? s.parts() : ((Parallel) this).parts();
            parts.forEach(part -> legs.addAll(part.legs()));
        }
        return legs;
    }

    /** Readable form, e.g. {@code accounts.find + max(payments.insert, balances.find + balances.replace)}. */
    default String describe() {
        if (this instanceof Leg leg) {
            return leg.name();
        }
        if (this instanceof Sequence sequence) {
            return String.join(" + ", sequence.parts().stream().map(CriticalPath::describe).toList());
        }
        return "max(" + String.join(", ", ((Parallel) this).parts().stream().map(CriticalPath::describe).toList()) + ")";
    }

    /** The distinct elementary operations of these business operations, in a stable order. */
    static List<String> legsOf(List<Operation> operations) {
        Set<String> legs = new LinkedHashSet<>();
        for (Operation operation : operations) {
            legs.addAll(OF.get(operation).legs());
        }
        return List.copyOf(legs);
    }

    private static CriticalPath leg(String name) {
        return new Leg(name);
    }

    private static CriticalPath seq(CriticalPath... parts) {
        return new Sequence(List.of(parts));
    }

    private static CriticalPath par(CriticalPath... parts) {
        return new Parallel(List.of(parts));
    }
}
