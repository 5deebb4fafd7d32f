package io.refsut.loadtest.bench;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

/**
 * The operations of a bench series in exact proportions: a deck holding each operation as many times as its share
 * of the smallest block that represents every share to 1 % (50:20:20:10 → a deck of 10), dealt in a fresh random
 * order each time round. A random draw per arrival would let a short series miss an operation or change its mix
 * from one execution to the next (20 % of 1 000 draws varies by ±6 % of itself), and with it the CPU per operation
 * the executions are compared on. Thread-safe.
 *
 * @param <T> what is dealt
 */
final class Deck<T> implements Supplier<T> {

    private final List<T> cards;
    private final Random random;
    private int next;

    private Deck(List<T> cards, Random random) {
        this.cards = new ArrayList<>(cards);
        this.random = random;
        this.next = cards.size();
    }

    /** A deck of these items in these proportions (weights ≥ 0, at least one positive; rounded to 1 %). */
    static <T> Deck<T> weighted(Map<T, Double> weights, Random random) {
        double total = weights.values().stream().mapToDouble(Double::doubleValue).sum();
        if (!(total > 0)) {
            throw new IllegalArgumentException("no positive weight in " + weights);
        }
        Map<T, Integer> percent = new LinkedHashMap<>();
        weights.forEach((item, weight) -> {
            if (weight < 0) {
                throw new IllegalArgumentException("negative weight " + weight + " for " + item);
            }
            percent.put(item, (int) Math.round(100 * weight / total));
        });
        int gcd = percent.values().stream().filter(p -> p > 0)
                .reduce(0, (a, b) -> BigInteger.valueOf(a).gcd(BigInteger.valueOf(b)).intValue());
        if (gcd == 0) {
            throw new IllegalArgumentException("every weight rounds to 0 % in " + weights);
        }
        List<T> cards = new ArrayList<>();
        percent.forEach((item, p) -> {
            for (int i = 0; i < p / gcd; i++) {
                cards.add(item);
            }
        });
        return new Deck<>(cards, random);
    }

    /** A deck holding each item once. */
    static <T> Deck<T> uniform(List<T> items, Random random) {
        if (items.isEmpty()) {
            throw new IllegalArgumentException("nothing to deal");
        }
        return new Deck<>(items, random);
    }

    /** How many cards one time round holds. */
    int size() {
        return cards.size();
    }

    @Override
    public synchronized T get() {
        if (next == cards.size()) {
            Collections.shuffle(cards, random);
            next = 0;
        }
        return cards.get(next++);
    }
}
