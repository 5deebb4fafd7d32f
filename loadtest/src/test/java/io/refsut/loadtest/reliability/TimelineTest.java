package io.refsut.loadtest.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimelineTest {

    private static final long S = 1_000_000_000L;

    private static ConstantLoad.Sample sample(double second, int status) {
        long start = (long) (second * S);
        return new ConstantLoad.Sample(start, start + 5_000_000, "read_account", status, null);
    }

    @Test
    void recoveryCountsFromBackUntilTheLastFailedRequest() {
        List<ConstantLoad.Sample> samples = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            samples.add(sample(i, i >= 5 && i <= 12 ? 503 : 200));
        }
        assertEquals(2.0, Timeline.recoverySeconds(samples, 10 * S), 1e-9);
        assertEquals(0.0, Timeline.recoverySeconds(samples, 13 * S), 1e-9);
    }

    @Test
    void noRecoveryWhenTheLastSecondStillFails() {
        List<ConstantLoad.Sample> samples = List.of(sample(0, 200), sample(5, 0), sample(5.5, 503));
        assertEquals(-1.0, Timeline.recoverySeconds(samples, 2 * S), 1e-9);
    }

    @Test
    void longestFailedRunCountsConsecutiveSecondsWithAFailure() {
        List<ConstantLoad.Sample> samples = new ArrayList<>();
        int[] failing = {2, 3, 4, 7, 8};
        for (int i = 0; i < 10; i++) {
            samples.add(sample(i + 0.1, 200));
        }
        for (int second : failing) {
            samples.add(sample(second + 0.5, 0));
        }
        Timeline timeline = Timeline.of(samples, 0);
        assertEquals(3, timeline.longestFailedSeconds());
        assertEquals(10, timeline.seconds().size());
        assertEquals(2, timeline.seconds().get(3).requests());
        assertEquals(1, timeline.seconds().get(3).failed());
    }
}
