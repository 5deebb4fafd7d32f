package io.refsut.loadtest.report;

import java.util.List;
import java.util.Map;

/**
 * The run's summary: exactly the content of summary.json (documented in {@code loadtest/docs/summary-format.md}).
 *
 * @param formatVersion      version of this format; bumped on any incompatible change
 * @param label              the run's label
 * @param runStart           ISO-8601 instant the run phase started (Gatling's run start)
 * @param gatlingVersion     Gatling version that wrote the log(s)
 * @param simulation         the simulation class
 * @param sources            the simulation.log files read (one per injector)
 * @param targetRate         planned arrivals per second after the ramp
 * @param achievedRate       arrivals per second actually started during the steady window
 * @param durationSeconds    length of the steady (constant-rate) window
 * @param rampSeconds        length of the ramp before it
 * @param injectorFellBehind whether the injector missed its schedule (see {@link InjectorLag})
 * @param totalErrors        failed requests of all operations
 * @param overall            all operations together
 * @param operations         per operation, in the run context's order
 * @param server             per data service, per MongoDB operation: time in MongoDB (µs)
 * @param orchestrator       the orchestrator's own timers
 * @param serverSettings     per service, the effective MongoDB settings it reported
 * @param scrape             which services were scraped and caveats
 * @param reconciliation     read-back verification
 * @param injector           lag figures and per-second arrival series
 * @param gatlingReported    Gatling's own figures and where they differ
 * @param parameters         the run's parameters as given
 * @param notes              caveats a reader must know
 */
public record Summary(int formatVersion, String label, String runStart, String gatlingVersion, String simulation,
        List<String> sources, double targetRate, double achievedRate, double durationSeconds, double rampSeconds,
        boolean injectorFellBehind, long totalErrors, OperationStats overall, Map<String, OperationStats> operations,
        Map<String, Map<String, ServerTiming>> server, Orchestrator orchestrator,
        Map<String, Map<String, String>> serverSettings, Scrape scrape, Reconciliation reconciliation,
        InjectorReport injector, GatlingReported gatlingReported, Map<String, Object> parameters,
        List<String> notes) {

    /** The current {@link #formatVersion()}. */
    public static final int FORMAT_VERSION = 1;

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
