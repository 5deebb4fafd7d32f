package io.refsut.loadtest.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The rates a capacity search tries: from {@code start}, each step's rate the previous one times {@code factor}, up to
 * {@code max}, until a step does not hold; then up to {@code refine} steps between the highest rate held and the
 * lowest that failed, each at their geometric mean (rounded to a whole rate), so that the capacity is known to within
 * a fraction of one step.
 */
final class CapacitySearch {

    /** Runs one step at a rate; {@code afterFailure} when the step just before it did not hold. */
    interface Step {
        /** @return why the step did not hold; empty when it held */
        List<String> run(double rate, boolean afterFailure);
    }

    /**
     * @param held the highest rate that held, 0 when none did
     * @param lowestFailed the lowest rate that did not hold, 0 when every step held
     * @param limit why the lowest failed step did not hold, empty when every step held
     * @param rates every rate tried, in order
     */
    record Outcome(double held, double lowestFailed, List<String> limit, List<Double> rates) {
    }

    private CapacitySearch() {
    }

    static Outcome search(double start, double factor, double max, int refine, Step step) {
        List<Double> rates = new ArrayList<>();
        double held = 0;
        double failed = 0;
        List<String> limit = List.of();
        boolean lastFailed = false;
        for (double rate = start; rate <= max * 1.0001; rate = Math.round(rate * factor)) {
            rates.add(rate);
            List<String> broken = step.run(rate, false);
            if (!broken.isEmpty()) {
                failed = rate;
                limit = broken;
                lastFailed = true;
                break;
            }
            held = rate;
        }
        for (int i = 0; i < refine && held > 0 && failed > 0; i++) {
            double rate = Math.round(Math.sqrt(held * failed));
            if (rate <= held || rate >= failed) {
                break; // no whole rate left between them
            }
            rates.add(rate);
            List<String> broken = step.run(rate, lastFailed);
            lastFailed = !broken.isEmpty();
            if (lastFailed) {
                failed = rate;
                limit = broken;
            } else {
                held = rate;
            }
        }
        return new Outcome(held, failed, limit, List.copyOf(rates));
    }
}
