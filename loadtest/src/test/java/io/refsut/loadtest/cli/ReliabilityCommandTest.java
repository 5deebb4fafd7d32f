package io.refsut.loadtest.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code sut reliability} refuses options it cannot run with exit 2 and a message, before it starts anything. */
class ReliabilityCommandTest {

    @TempDir
    Path results;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--faults|freeze-orchestrator|unknown fault 'freeze-orchestrator'; known: [kill-accounts,",
        "--faults|kill-balances,,kil-audit|unknown fault 'kil-audit'",
        "--parts|faults,chaos|unknown part 'chaos' in --parts; known: bad-input, faults, soak",
        "--rate|0|--rate must be in (0, 1000]"})
    void aBadOptionExitsWithTwoAndAMessageBeforeAnythingStarts(String option, String value, String message)
            throws Exception {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        int exit;
        try {
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            exit = SutCommand.commandLine().execute("reliability", "--ports", "auto", "--results-dir",
                    results.toString(), option, value);
        } finally {
            System.setErr(err);
        }
        String output = captured.toString(StandardCharsets.UTF_8);
        assertEquals(2, exit, output);
        assertTrue(output.startsWith("[sut] ") && output.contains(message), output);
        try (Stream<Path> written = Files.list(results)) {
            assertEquals(0, written.count(), "nothing written into " + results);
        }
    }

    @org.junit.jupiter.api.Test
    void theReportsCommandNamesTheSubcommandOnceAndRedactsCredentials() {
        assertEquals("sut reliability --ports auto --parts faults", ReliabilityCommand.commandLine(
                java.util.List.of("reliability", "--ports", "auto", "--parts", "faults")));
        assertEquals("sut reliability --rate 20", ReliabilityCommand.commandLine(java.util.List.of("--rate", "20")));
        assertEquals("sut reliability", ReliabilityCommand.commandLine(java.util.List.of("reliability")));
        String redacted = ReliabilityCommand.commandLine(java.util.List.of("reliability", "--mongodb-uri",
                "mongodb://user:secret@127.0.0.1:27017"));
        assertTrue(!redacted.contains("secret") && redacted.startsWith("sut reliability --mongodb-uri "), redacted);
    }
}
