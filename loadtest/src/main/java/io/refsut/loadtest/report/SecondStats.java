package io.refsut.loadtest.report;

import java.util.Map;

/**
 * One second of the measured window for one operation (or all): second {@code second} covers intended starts in
 * {@code [window start + second, window start + second + 1)}.
 *
 * @param second      seconds since the window's start
 * @param arrivals    requests intended in that second
 * @param completions responses (successful or not) received in that second, whenever intended
 * @param errors      requests intended in that second that failed, per kind
 * @param p50Ms       median response time of the successful requests intended in that second (exact)
 * @param p99Ms       their 99th percentile (nearest rank, exact)
 * @param maxMs       their maximum
 */
public record SecondStats(int second, long arrivals, long completions, Map<String, Long> errors, double p50Ms,
        double p99Ms, double maxMs) {
}
