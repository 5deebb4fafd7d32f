package io.refsut.loadtest.cli;

import io.refsut.loadtest.bench.BenchCommand;
import io.refsut.loadtest.report.CompareCommand;
import io.refsut.loadtest.report.ReportCommand;
import io.refsut.loadtest.run.OfflinePreferences;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code ./sut} command line: run the load test, start the local stack, compare results. */
@Command(name = "sut", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Reference SUT: a five-service system under test and its constant-rate Gatling load test.",
        subcommands = {RunCommand.class, LoadCommand.class, StackCommand.class, ReliabilityCommand.class, CompareCommand.class,
                ReportCommand.class, BenchCommand.class, CommandLine.HelpCommand.class})
public final class SutCommand implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        OfflinePreferences.install();
        System.exit(commandLine().execute(args));
    }

    /** The configured command line (also used by tests to run {@code sut} in-process). */
    public static CommandLine commandLine() {
        return new CommandLine(new SutCommand()).setCaseInsensitiveEnumValuesAllowed(true);
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
