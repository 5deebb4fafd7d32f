package io.refsut.orchestrator.service;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Function;

import jakarta.enterprise.context.ApplicationScoped;

import io.refsut.common.web.DocumentList;
import io.refsut.common.web.IdList;
import io.refsut.orchestrator.client.Account;
import io.refsut.orchestrator.client.AccountsRestClient;
import io.refsut.orchestrator.client.Balance;
import io.refsut.orchestrator.client.BalancesRestClient;
import io.refsut.orchestrator.client.CallContext;
import io.refsut.orchestrator.client.Dependency;
import io.refsut.orchestrator.client.DownstreamCalls;
import io.refsut.orchestrator.client.Payment;
import io.refsut.orchestrator.client.PaymentsRestClient;
import io.smallrye.mutiny.Uni;

/**
 * Many reads in one request, for the load test's read-back after a run (not part of the measured workload, not
 * counted as business operations): the same views as the single reads, from one lookup query per data service
 * instead of one find per id. An id is found exactly when its single read would answer 200.
 */
@ApplicationScoped
public class Lookups {

    private final AccountsRestClient accounts;
    private final BalancesRestClient balances;
    private final PaymentsRestClient payments;
    private final DownstreamCalls calls;

    public Lookups(AccountsRestClient accounts, BalancesRestClient balances,
            PaymentsRestClient payments, DownstreamCalls calls) {
        this.accounts = accounts;
        this.balances = balances;
        this.payments = payments;
        this.calls = calls;
    }

    /** s2 lookup ∥ s4 lookup: each account with its balance; found when both are (as GET /api/v1/accounts/{id}). */
    public Uni<Lookup<AccountView>> accounts(IdList request, CallContext context) {
        List<UUID> ids = request.distinct();
        IdList body = new IdList(ids);
        Uni<Map<UUID, Account>> accountsFound = calls.query(Dependency.ACCOUNTS, () -> accounts.lookup(body, context))
                .map(found -> byId(found, Account::id));
        Uni<Map<UUID, Balance>> balancesFound = calls.query(Dependency.BALANCES, () -> balances.lookup(body, context))
                .map(found -> byId(found, Balance::id));
        return Uni.combine().all().unis(accountsFound, balancesFound).asTuple()
                .map(found -> join(ids, id -> {
                    Account account = found.getItem1().get(id);
                    Balance balance = found.getItem2().get(id);
                    return account != null && balance != null ? new AccountView(account, balance) : null;
                }))
                .onFailure().transform(e -> TransactionFailure.of(e, List.of()));
    }

    /**
     * s3 lookup → s2 lookup of their accounts: each payment with its account; found when both are (as GET
     * /api/v1/payments/{id}).
     */
    public Uni<Lookup<PaymentView>> payments(IdList request, CallContext context) {
        List<UUID> ids = request.distinct();
        return calls.query(Dependency.PAYMENTS, () -> payments.lookup(new IdList(ids), context))
                .map(found -> byId(found, Payment::id))
                .flatMap(paymentsFound -> {
                    List<UUID> accountIds = ids.stream().map(paymentsFound::get).filter(Objects::nonNull)
                            .map(Payment::accountId).filter(Objects::nonNull).distinct().toList();
                    Uni<Map<UUID, Account>> owners = accountIds.isEmpty() ? Uni.createFrom().item(Map.of())
                            : calls.query(Dependency.ACCOUNTS, () -> accounts.lookup(new IdList(accountIds), context))
                                    .map(found -> byId(found, Account::id));
                    return owners.map(accountsFound -> join(ids, id -> {
                        Payment payment = paymentsFound.get(id);
                        Account account = payment == null ? null : accountsFound.get(payment.accountId());
                        return account != null ? new PaymentView(payment, account) : null;
                    }));
                })
                .onFailure().transform(e -> TransactionFailure.of(e, List.of()));
    }

    private static <D> Map<UUID, D> byId(DocumentList<D> list, Function<D, UUID> id) {
        Map<UUID, D> byId = new HashMap<>();
        for (D document : list.documents()) {
            byId.put(id.apply(document), document);
        }
        return byId;
    }

    /** The views of {@code ids} in their order; an id whose view is null is not found. */
    private static <V> Lookup<V> join(List<UUID> ids, Function<UUID, V> view) {
        List<V> found = new ArrayList<>();
        List<UUID> notFound = new ArrayList<>();
        for (UUID id : ids) {
            V v = view.apply(id);
            if (v != null) {
                found.add(v);
            } else {
                notFound.add(id);
            }
        }
        return new Lookup<>(found, notFound);
    }
}
