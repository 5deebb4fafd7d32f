package io.refsut.loadtest.report;

import java.util.List;

/**
 * The content of one Gatling {@code simulation.log}, timestamps converted to epoch milliseconds.
 *
 * @param gatlingVersion   the Gatling version that wrote the file
 * @param simulationClass  the simulation's class name
 * @param runStartMillis   the run's start (every record's timestamp is relative to it in the file)
 * @param description      the run description given to Gatling
 * @param scenarios        scenario names, in the order the file indexes them
 * @param requests         every request record, in file order
 * @param users            every user start and end, in file order
 * @param errors           every error record (Gatling's crashed-action messages, not failed requests)
 */
public record SimulationLog(String gatlingVersion, String simulationClass, long runStartMillis, String description,
        List<String> scenarios, List<Request> requests, List<UserEvent> users, List<Error> errors) {

    /** One request: its name, send and receive instants (ms), whether Gatling's checks passed, and the message if not. */
    public record Request(List<String> groups, String name, long startMillis, long endMillis, boolean ok,
            String message) {
        /** Response time as Gatling records it, in whole milliseconds. */
        public long durationMillis() {
            return endMillis - startMillis;
        }
    }

    /** A virtual user's start ({@code start == true}) or end. */
    public record UserEvent(String scenario, boolean start, long timestampMillis) {
    }

    /** An error that Gatling logged outside a request. */
    public record Error(String message, long timestampMillis) {
    }

    /** Instants of every user start of {@code scenario} (all scenarios when null), sorted. */
    public long[] userStarts(String scenario) {
        return users.stream()
                .filter(u -> u.start() && (scenario == null || scenario.equals(u.scenario())))
                .mapToLong(UserEvent::timestampMillis)
                .sorted()
                .toArray();
    }

    /** Instants of every request start, sorted. */
    public long[] requestStarts() {
        return requests.stream().mapToLong(Request::startMillis).sorted().toArray();
    }
}
