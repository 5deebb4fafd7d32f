package io.refsut.loadtest.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DeckTest {

    @Test
    void everyTimeRoundDealsTheMixExactlyInTheSmallestDeck() {
        Deck<String> deck = Deck.weighted(weights("read", 0.5, "update", 0.2, "insert", 0.2, "readPayment", 0.1),
                new Random(1));
        assertEquals(10, deck.size());
        List<List<String>> rounds = new ArrayList<>();
        for (int round = 0; round < 50; round++) {
            List<String> dealt = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                dealt.add(deck.get());
            }
            assertEquals(Map.of("read", 5L, "update", 2L, "insert", 2L, "readPayment", 1L), counts(dealt),
                    dealt.toString());
            rounds.add(dealt);
        }
        assertNotEquals(1, rounds.stream().distinct().count(), "the order is shuffled each time round");
    }

    @Test
    void sharesAreNormalisedAndRoundedToOnePercent() {
        assertEquals(3, Deck.weighted(weights("a", 1.0, "b", 1.0, "c", 1.0), new Random(2)).size());
        assertEquals(20, Deck.weighted(weights("read", 95.0, "update", 5.0), new Random(3)).size());
        Deck<String> readOnly = Deck.weighted(weights("read", 1.0, "update", 0.0), new Random(4));
        assertEquals(1, readOnly.size());
        assertEquals("read", readOnly.get());
    }

    @Test
    void aUniformDeckDealsEachItemOncePerRound() {
        Deck<String> deck = Deck.uniform(List.of("accounts.find", "balances.find", "audit.insert"), new Random(5));
        List<String> dealt = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            dealt.add(deck.get());
        }
        assertEquals(Map.of("accounts.find", 10L, "balances.find", 10L, "audit.insert", 10L), counts(dealt));
    }

    @Test
    void refusesADeckWithNothingToDeal() {
        assertThrows(IllegalArgumentException.class, () -> Deck.weighted(weights("a", 0.0), new Random()));
        assertThrows(IllegalArgumentException.class, () -> Deck.weighted(weights("a", -1.0, "b", 2.0), new Random()));
        assertThrows(IllegalArgumentException.class, () -> Deck.uniform(List.of(), new Random()));
    }

    private static Map<String, Double> weights(Object... pairs) {
        Map<String, Double> weights = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            weights.put((String) pairs[i], (Double) pairs[i + 1]);
        }
        return weights;
    }

    private static Map<String, Long> counts(List<String> dealt) {
        Map<String, Long> counts = new LinkedHashMap<>();
        dealt.forEach(item -> counts.merge(item, 1L, Long::sum));
        return counts;
    }
}
