package io.refsut.loadtest.report;

import java.util.List;
import java.util.Map;

/**
 * The run's summary: exactly the content of summary.json (documented in {@code loadtest/docs/summary-format.md}).
 *
 * @param formatVersion      version of this format; bumped on any incompatible change
 * @param label              the run's label
 * @param status             passed or failed, and why; a failed run must not be averaged with passed ones
 * @param runStart           ISO-8601 instant of the run phase's first arrival (the anchor)
 * @param gatlingVersion     Gatling version that wrote the log(s)
 * @param simulation         the simulation class
 * @param sources            the simulation.log files read (one per injector)
 * @param requestLogs        the request logs read (one per injector; empty: figures from simulation.log)
 * @param arrivals           arrival process, {@code constant} or {@code poisson}
 * @param targetRate         planned arrivals per second after the ramp
 * @param achievedRate       arrivals per second sent during the measured window
 * @param throughput         successful responses per second of the measured window's arrivals
 * @param durationSeconds    length of the measured window
 * @param rampSeconds        length of the ramp before it
 * @param settleSeconds      time at the target rate between the ramp and the window
 * @param window             the measured window's instants and the scrapes that bracket it
 * @param warmup             what the warm-up did
 * @param injectorFellBehind whether the injector missed its schedule (see {@link InjectorReport})
 * @param totalErrors        failed requests of the window, all operations
 * @param errorPct           their share, percent
 * @param overall            all operations of the window together
 * @param operations         per operation, in the run context's order
 * @param reads              read operations together
 * @param writes             write operations together
 * @param beforeWindow       the ramp and settle period's arrivals (not in any other figure)
 * @param perSecond          per second of the window: {@code all} and per operation
 * @param server             per data service, per MongoDB operation: time in MongoDB (µs)
 * @param orchestrator       the orchestrator's own timers
 * @param serverSettings     per service, the effective MongoDB settings it reported
 * @param scrape             which services were scraped and caveats
 * @param reconciliation     read-back verification
 * @param injector           scheduling lag and achieved rate
 * @param gatlingReported    Gatling's own figures and where they differ from a recomputation of simulation.log
 * @param parameters         the run's parameters as given
 * @param notes              caveats a reader must know
 */
public record Summary(int formatVersion, String label, Status status, String runStart, String gatlingVersion,
        String simulation, List<String> sources, List<String> requestLogs, String arrivals, double targetRate,
        double achievedRate, double throughput, double durationSeconds, double rampSeconds, double settleSeconds,
        Window window, Map<String, Object> warmup, boolean injectorFellBehind, long totalErrors, double errorPct,
        OperationStats overall, Map<String, OperationStats> operations, OperationStats reads, OperationStats writes,
        OperationStats beforeWindow, Map<String, List<SecondStats>> perSecond,
        Map<String, Map<String, ServerTiming>> server, Orchestrator orchestrator,
        Map<String, Map<String, String>> serverSettings, Scrape scrape, Reconciliation reconciliation,
        InjectorReport injector, GatlingReported gatlingReported, Map<String, Object> parameters,
        List<String> notes) {

    /** Whether the run passed, and every reason it did not. */
    public record Status(boolean passed, List<String> reasons) {
        /** {@code PASSED} or {@code FAILED: reason; reason}. */
        public String line() {
            return passed ? "PASSED" : "FAILED: " + String.join("; ", reasons);
        }
    }

    /**
     * The measured window (first injector's clock) and the server-side scrapes around it.
     *
     * @param start        ISO-8601 start
     * @param end          ISO-8601 end
     * @param scrapeBefore ISO-8601 instant of the scrape before it ("" when none)
     * @param scrapeAfter  ISO-8601 instant of the scrape after it ("" when none)
     */
    public record Window(String start, String end, String scrapeBefore, String scrapeAfter) {
    }

    /** The current {@link #formatVersion()}. */
    public static final int FORMAT_VERSION = 2;

    /** The orchestrator's timers between the scrapes (µs) and its partial-transaction counter. */
    public record Orchestrator(Map<String, ServerTiming> business, Map<String, ServerTiming> downstream,
            Map<String, Long> partialTransactions) {
    }

    /** Services scraped before and after the run, services that could not be, and caveats. */
    public record Scrape(List<String> scraped, Map<String, String> missing, List<String> notes) {
    }

    /**
     * Gatling's own figures from its HTML report and every figure where they differ from the recomputation.
     *
     * @param available   whether a report was found
     * @param rows        per request name ("All Requests" for the total)
     * @param differences figures that differ
     */
    public record GatlingReported(boolean available, Map<String, GatlingReport.Row> rows,
            List<GatlingReport.Difference> differences) {
    }

    /** The human-readable summary (the content of summary.md). */
    public String markdown() {
        return SummaryMarkdown.render(this);
    }
}
