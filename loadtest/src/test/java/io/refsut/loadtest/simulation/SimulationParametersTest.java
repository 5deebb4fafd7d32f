package io.refsut.loadtest.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.refsut.loadtest.workload.Distribution;
import io.refsut.loadtest.workload.Mix;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The simulations' parameters travel as {@code sut.*} system properties; nothing may be lost on the way. */
class SimulationParametersTest {

    private static SimulationParameters parameters(int loadConcurrency, long loadRampMillis) {
        return new SimulationParameters("https://127.0.0.1:8443", "seed-1", 1000, 100, 1_000_000, "EUR",
                loadConcurrency, loadRampMillis, 50, 60, 0, 10, ArrivalSchedule.Process.parse("constant"), 0, 5000,
                Mix.parse("read=50,update=50"), Distribution.parse("zipfian"), 0.2, 0.8, 512,
                SimulationParameters.ConnectionMode.SHARED, 1.0, 0, 10_000, "tag1", Path.of("writes-load.csv"),
                Path.of("requests.csv"));
    }

    @Test
    void everyParameterSurvivesTheTripThroughSystemProperties() {
        SimulationParameters sent = parameters(64, 2000);
        Map<String, String> entries = sent.toProperties();
        assertEquals("2000", entries.get("sut.loadRampMillis"));
        assertEquals("64", entries.get("sut.loadConcurrency"));
        assertTrue(entries.keySet().stream().allMatch(key -> key.startsWith(SimulationParameters.PREFIX)),
                entries::toString);
        Properties properties = new Properties();
        properties.putAll(entries);
        assertEquals(sent, SimulationParameters.fromProperties(properties));
    }

    @Test
    void anotherLoadRampOrAckLogKeepsEveryOtherParameter() {
        SimulationParameters sent = parameters(64, 0);
        assertEquals(parameters(64, 20_000), sent.withLoadRampMillis(20_000));
        SimulationParameters run = sent.withLoadRampMillis(20_000).withAckLog(Path.of("writes-run.csv"));
        assertEquals(20_000, run.loadRampMillis());
        assertEquals(Path.of("writes-run.csv"), run.ackLog());
        Map<String, String> before = sent.toProperties();
        Map<String, String> after = run.toProperties();
        before.keySet().stream().filter(key -> !key.equals("sut.loadRampMillis") && !key.equals("sut.ackLog"))
                .forEach(key -> assertEquals(before.get(key), after.get(key), key));
    }

    @Test
    void aMissingLoadRampIsAnError() {
        Properties properties = new Properties();
        properties.putAll(parameters(4, 0).toProperties());
        properties.remove("sut.loadRampMillis");
        IllegalStateException error = assertThrows(IllegalStateException.class,
                () -> SimulationParameters.fromProperties(properties));
        assertTrue(error.getMessage().startsWith("system property sut.loadRampMillis is not set"), error.getMessage());
    }

    @Test
    void aNegativeLoadRampIsRejected() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> parameters(4, -1));
        assertEquals("sut.loadRampMillis must be at least 0: -1", error.getMessage());
    }

    @Test
    void aRunTagWithAColonIsRejectedNamingItsProperty() {
        Properties properties = new Properties();
        properties.putAll(parameters(4, 0).toProperties());
        properties.setProperty("sut.runTag", "a:b");
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> SimulationParameters.fromProperties(properties));
        assertEquals("sut.runTag must be non-blank and free of ':': 'a:b'", error.getMessage());
    }
}
