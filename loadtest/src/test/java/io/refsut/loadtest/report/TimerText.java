package io.refsut.loadtest.report;

/** Prometheus text of a Micrometer timer as the services expose it, for tests. */
final class TimerText {

    private TimerText() {
    }

    /**
     * A timer with one finite bucket: {@code withinBound} of {@code count} observations took at most {@code bound}
     * seconds, {@code sum} seconds in all.
     *
     * @param labels the labels inside the braces, e.g. {@code operation="make_payment",outcome="success"}
     */
    static String of(String name, String labels, String bound, long withinBound, long count, double sum) {
        return name + "_bucket{" + labels + ",le=\"" + bound + "\"} " + withinBound + "\n"
                + name + "_bucket{" + labels + ",le=\"+Inf\"} " + count + "\n"
                + name + "_count{" + labels + "} " + count + "\n"
                + name + "_sum{" + labels + "} " + sum + "\n";
    }
}
