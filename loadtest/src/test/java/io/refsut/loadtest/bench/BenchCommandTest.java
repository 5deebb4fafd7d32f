package io.refsut.loadtest.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class BenchCommandTest {

    /** The settings {@code sut bench} would run with, given {@code args}. */
    static BenchSettings parse(String... args) {
        BenchCommand command = new BenchCommand();
        new CommandLine(command).parseArgs(args);
        return command.settings();
    }

    @Test
    void everySeriesWarmsUpNinetySecondsAtAHundredPerSecondByDefault() {
        BenchSettings settings = parse();
        assertFalse(settings.capacity());
        assertEquals(Duration.ofSeconds(90), settings.warmup());
        assertEquals(100, settings.warmupRate());
        assertEquals(3, settings.executions());
        BenchSettings capacity = parse("--capacity", "--executions", "0");
        assertTrue(capacity.capacity());
        assertEquals(Duration.ofSeconds(90), capacity.warmup());
        assertEquals(100, capacity.warmupRate());
        assertEquals(3, capacity.capacityMixes().size());
    }

    @Test
    void theWarmupRunsAtTheRateWhenThatIsHigherOrAtTheOneGiven() {
        assertEquals(300, parse("--rate", "300").warmupRate());
        assertEquals(40, parse("--warmup-rate", "40").warmupRate());
        assertEquals(40, parse("--rate", "300", "--warmup-rate", "40").warmupRate());
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> parse("--warmup-rate", "-5"));
        assertTrue(negative.getMessage().contains("--warmup-rate"), negative.getMessage());
    }

    @Test
    void theDataServicesCompileWithTieredC2LikeTheContainerImagesUnlessTold() {
        if (System.getenv("SUT_DATA_SERVICE_JVM_OPTIONS") == null) {
            assertEquals(List.of(), parse().dataServiceJvmOptions());
        }
        assertEquals(List.of("-XX:TieredStopAtLevel=1"),
                parse("--data-service-jvm-options", "-XX:TieredStopAtLevel=1").dataServiceJvmOptions());
    }

    @Test
    void theServicesCompileAtAFifthOfHotSpotsThresholdsFirstSoThatAnExplicitScalingWins() {
        BenchSettings defaults = parse("--service-jvm-options", "-Xmx256m");
        assertEquals(0.2, defaults.compileThresholdScaling());
        assertEquals(List.of("-XX:CompileThresholdScaling=0.2", "-Xmx256m"), defaults.serviceJvmOptionsWithScaling());
        assertEquals(List.of("-Xmx256m"), defaults.serviceJvmOptions(), "the option as given stays as given");
        assertEquals(0.2, defaults.describe().get("compileThresholdScaling"));
        BenchSettings both = parse("--compile-threshold-scaling", "0.5", "--service-jvm-options",
                "-Xmx256m -XX:CompileThresholdScaling=1");
        assertEquals(List.of("-XX:CompileThresholdScaling=0.5", "-Xmx256m", "-XX:CompileThresholdScaling=1"),
                both.serviceJvmOptionsWithScaling(), "the JVM takes the last");
        assertEquals(List.of("-Xmx256m"), parse("--compile-threshold-scaling", "1", "--service-jvm-options",
                "-Xmx256m").serviceJvmOptionsWithScaling(), "1 adds nothing");
        for (String bad : List.of("0", "0.001", "11", "NaN")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> parse("--compile-threshold-scaling", bad));
            assertTrue(e.getMessage().contains("--compile-threshold-scaling"), e.getMessage());
        }
    }

    @Test
    void anExplicitWarmupWinsWithOrWithoutCapacity() {
        assertEquals(Duration.ofSeconds(5), parse("--capacity", "--warmup", "5s").warmup());
        assertEquals(Duration.ofSeconds(120), parse("--warmup", "120s").warmup());
        assertEquals(Duration.ZERO, parse("--capacity", "--warmup", "0").warmup());
    }

    @Test
    void theReportGoesUnderTheHomesResultsFolderAsForSutRunUnlessTold() {
        if (System.getenv("SUT_RESULTS_DIR") == null) {
            assertEquals(Path.of("/repo/results"), parse("--home", "/repo").resultsDir());
        }
        assertEquals(Path.of("/elsewhere"), parse("--home", "/repo", "--results-dir", "/elsewhere").resultsDir());
    }

    @Test
    void badOptionsAreNamed() {
        IllegalArgumentException mix = assertThrows(IllegalArgumentException.class,
                () -> parse("--capacity", "--capacity-mixes", "default,bogus"));
        assertTrue(mix.getMessage().contains("bogus"), mix.getMessage());
        IllegalArgumentException executions = assertThrows(IllegalArgumentException.class,
                () -> parse("--executions", "0"));
        assertTrue(executions.getMessage().contains("--capacity"), executions.getMessage());
    }

    @Test
    void theMongodbUriComesFromTheOptionElseFromMongodbUriAsForSutRun() {
        Map<String, String> env = Map.of("MONGODB_URI", "mongodb://env-host:27017");
        BenchCommand fromEnv = new BenchCommand();
        new CommandLine(fromEnv).parseArgs();
        assertEquals("mongodb://env-host:27017", fromEnv.settings(env::get).mongodbUri());
        BenchCommand fromOption = new BenchCommand();
        new CommandLine(fromOption).parseArgs("--mongodb-uri", "mongodb://option-host:27017");
        assertEquals("mongodb://option-host:27017", fromOption.settings(env::get).mongodbUri());
        BenchCommand embedded = new BenchCommand();
        new CommandLine(embedded).parseArgs();
        assertEquals("", embedded.settings(name -> null).mongodbUri());
    }

    @Test
    void helpGivesTheWarmupAndJitDefaults() {
        StringWriter help = new StringWriter();
        new CommandLine(new BenchCommand()).usage(new PrintWriter(help));
        String text = help.toString().replaceAll("\\s+", " ");
        assertTrue(text.contains("at --warmup-rate, unmeasured (default: 90s)"), text);
        assertTrue(text.contains("0 = 100/s, or --rate when that is higher"), text);
        assertTrue(text.contains("default: none, so that all five services compile with tiered C2"), text);
    }
}
