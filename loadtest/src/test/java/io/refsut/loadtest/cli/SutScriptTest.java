package io.refsut.loadtest.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The {@code ./sut} script refuses a Java older than 17 before it builds or starts anything. */
class SutScriptTest {

    private static final Path SCRIPT = Path.of("..", "sut").toAbsolutePath().normalize();

    @TempDir
    Path bin;

    @ParameterizedTest
    @Timeout(120)
    @ValueSource(strings = {"1.8", "11", "16"})
    void anOlderJavaOnThePathIsRefusedWithItsVersion(String version) throws Exception {
        assumeTrue(Files.isRegularFile(SCRIPT) && Files.isExecutable(Path.of("/bin/sh")), "needs ./sut and /bin/sh");
        // a java that answers -XshowSettings:properties -version as that version does, on stderr
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\necho 'Property settings:' >&2\necho '    java.specification.version = "
                + version + "' >&2\necho 'openjdk version \"" + version + "\"' >&2\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Result result = sut(bin + ":" + System.getenv("PATH"), "run", "--rate", "5");
        assertEquals(2, result.exit(), result.output());
        assertTrue(result.output().contains("[sut] Java 17 or newer is required: the java on PATH (" + java
                + ") is Java " + version), result.output());
        assertFalse(result.output().contains("building"), "nothing is built: " + result.output());
    }

    private record Result(int exit, String output) {
    }

    private static Result sut(String path, String... args) throws IOException, InterruptedException {
        String[] command = new String[args.length + 2];
        command[0] = "/bin/sh";
        command[1] = SCRIPT.toString();
        System.arraycopy(args, 0, command, 2, args.length);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("PATH", path);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "./sut did not end: " + output);
        return new Result(process.exitValue(), output);
    }
}
