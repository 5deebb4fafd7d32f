package io.refsut.loadtest.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import site.ycsb.generator.ScrambledZipfianGenerator;

class KeyChooserTest {

    private static final int KEYS = 10_000;
    private static final int DRAWS = 200_000;

    @Test
    void zipfianTopOnePercentOfKeysTakesTheExpectedShare() {
        KeyChooser chooser = KeyChooser.create(Distribution.ZIPFIAN, new KeySpace(KEYS), 0, 0.2, 0.8);
        long[] counts = draw(chooser, KEYS);
        Arrays.sort(counts);
        long top = 0;
        for (int i = KEYS - KEYS / 100; i < KEYS; i++) {
            top += counts[i];
        }
        double share = (double) top / DRAWS;
        // Scrambled zipfian draws ranks over 10^10 items and hashes them onto the keys: the 1 % most popular keys
        // carry the head ranks' mass plus their 1 % of the spread-out tail.
        double head = zeta(KEYS / 100, ScrambledZipfianGenerator.USED_ZIPFIAN_CONSTANT) / ScrambledZipfianGenerator.ZETAN;
        double expected = head + 0.01 * (1 - head);
        assertEquals(expected, share, 0.02, "share of the top 1 % of keys");
        assertTrue(share > 10 * 0.01, "zipfian must be far more skewed than uniform");
    }

    @Test
    void zipfianSpreadsHotKeysOverTheKeySpace() {
        KeyChooser chooser = KeyChooser.create(Distribution.ZIPFIAN, new KeySpace(KEYS), 0, 0.2, 0.8);
        long[] counts = draw(chooser, KEYS);
        Integer[] byPopularity = new Integer[KEYS];
        Arrays.setAll(byPopularity, i -> i);
        Arrays.sort(byPopularity, (a, b) -> Long.compare(counts[b], counts[a]));
        long inLowestTenth = Arrays.stream(byPopularity, 0, 20).filter(k -> k < KEYS / 10).count();
        assertTrue(inLowestTenth < 10, "the 20 hottest keys must not cluster at the start: " + inLowestTenth);
    }

    @Test
    void uniformSpreadsDrawsEvenly() {
        KeyChooser chooser = KeyChooser.create(Distribution.UNIFORM, new KeySpace(KEYS), 0, 0.2, 0.8);
        long[] counts = draw(chooser, KEYS);
        long[] buckets = new long[100];
        for (int key = 0; key < KEYS; key++) {
            buckets[key / (KEYS / 100)] += counts[key];
        }
        double expected = DRAWS / 100.0;
        for (long bucket : buckets) {
            assertEquals(expected, bucket, expected * 0.15);
        }
    }

    @Test
    void latestFavoursTheMostRecentInserts() {
        KeySpace space = new KeySpace(1_000);
        KeyChooser chooser = KeyChooser.create(Distribution.LATEST, space, 0, 0.2, 0.8);
        assertTrue(shareAtLeast(chooser, 900, 1_099) > 0.5, "newest 10 % of the loaded keys");

        for (int i = 0; i < 100; i++) {
            space.acknowledge(space.allocate());
        }
        assertEquals(1_099, space.lastAcknowledged());
        long[] counts = draw(chooser, 1_100);
        long newest = 0;
        int mode = 0;
        for (int key = 0; key < counts.length; key++) {
            if (key >= 1_000) {
                newest += counts[key];
            }
            if (counts[key] > counts[mode]) {
                mode = key;
            }
        }
        assertEquals(1_099, mode, "the most recent insert is the most popular key");
        assertTrue((double) newest / DRAWS > 0.5, "the 100 new keys take most draws: " + newest);
    }

    @Test
    void zipfianNeverChoosesAKeyNotYetAcknowledged() {
        KeySpace space = new KeySpace(100);
        KeyChooser chooser = KeyChooser.create(Distribution.ZIPFIAN, space, 1_000, 0.2, 0.8);
        long allocated = space.allocate();
        for (int i = 0; i < 10_000; i++) {
            assertTrue(chooser.next() < allocated);
        }
        space.acknowledge(allocated);
        assertEquals(allocated, space.lastAcknowledged());
    }

    @Test
    void hotspotSendsTheConfiguredShareToTheHotSet() {
        KeyChooser chooser = KeyChooser.create(Distribution.HOTSPOT, new KeySpace(KEYS), 0, 0.2, 0.8);
        long hot = 0;
        for (int i = 0; i < DRAWS; i++) {
            long key = chooser.next();
            assertTrue(key >= 0 && key < KEYS);
            if (key < KEYS * 0.2) {
                hot++;
            }
        }
        assertEquals(0.8, (double) hot / DRAWS, 0.01);
    }

    private static long[] draw(KeyChooser chooser, int keys) {
        long[] counts = new long[keys];
        for (int i = 0; i < DRAWS; i++) {
            long key = chooser.next();
            assertTrue(key >= 0 && key < keys, "key out of range: " + key);
            counts[(int) key]++;
        }
        return counts;
    }

    private static double shareAtLeast(KeyChooser chooser, long from, long to) {
        long inside = 0;
        for (int i = 0; i < DRAWS; i++) {
            long key = chooser.next();
            if (key >= from && key <= to) {
                inside++;
            }
        }
        return (double) inside / DRAWS;
    }

    private static double zeta(long n, double theta) {
        double sum = 0;
        for (long i = 1; i <= n; i++) {
            sum += 1 / Math.pow(i, theta);
        }
        return sum;
    }
}
