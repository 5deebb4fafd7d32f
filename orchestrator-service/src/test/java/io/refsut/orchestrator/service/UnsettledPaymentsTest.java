package io.refsut.orchestrator.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import io.refsut.orchestrator.client.Payment;

/** Which applied payment ids a debit keeps, and which remembered payments a sweep finds due. */
class UnsettledPaymentsTest {

    private final List<UUID> ids = Stream.generate(UUID::randomUUID).limit(16).toList();

    @Test
    void withNothingUnsettledKeepsTheMostRecent() {
        assertEquals(ids.subList(0, 15), UnsettledPayments.keep(ids, 15, id -> false));
        assertEquals(ids.subList(0, 3), UnsettledPayments.keep(ids.subList(0, 3), 15, id -> false));
    }

    @Test
    void keepsAnUnsettledIdAndDropsTheOldestSettledOneInstead() {
        Set<UUID> unsettled = Set.of(ids.get(15), ids.get(2));

        List<UUID> kept = UnsettledPayments.keep(ids, 15, unsettled::contains);

        List<UUID> expected = Stream.concat(ids.subList(0, 14).stream(), Stream.of(ids.get(15))).toList();
        assertEquals(expected, kept, "most recent first, the oldest settled id (index 14) dropped");
    }

    @Test
    void moreUnsettledIdsThanRoomKeepsTheMostRecentOfThem() {
        List<UUID> kept = UnsettledPayments.keep(ids, 4, id -> ids.indexOf(id) % 2 == 1);

        assertEquals(List.of(ids.get(1), ids.get(3), ids.get(5), ids.get(7)), kept);
    }

    @Test
    void rememberedPaymentsAreDueFromTheirTimeUntilForgotten() {
        UnsettledPayments unsettled = new UnsettledPayments();
        Instant now = Instant.parse("2026-12-07T01:00:00Z");
        Payment dueNow = payment(ids.get(0));
        Payment later = payment(ids.get(1));
        unsettled.remember(dueNow, now);
        unsettled.remember(later, now.plusSeconds(30));

        assertEquals(List.of(dueNow), unsettled.due(now).stream().map(UnsettledPayments.Entry::payment).toList());
        assertEquals(2, unsettled.due(now.plusSeconds(30)).size());
        // both remembered ids outrank the settled one, whatever their due time
        assertEquals(List.of(ids.get(1), ids.get(0)), unsettled.keep(List.of(ids.get(1), ids.get(2), ids.get(0)), 2));
        unsettled.forget(dueNow.id());
        assertFalse(unsettled.contains(dueNow.id()));
        assertTrue(unsettled.contains(later.id()));
    }

    private static Payment payment(UUID id) {
        return new Payment(id, UUID.randomUUID(), 10L, "EUR", "r", null, PaymentService.PENDING, Instant.EPOCH);
    }
}
