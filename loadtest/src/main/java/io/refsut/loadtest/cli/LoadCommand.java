package io.refsut.loadtest.cli;

import io.refsut.loadtest.run.RunSettings;
import picocli.CommandLine.Command;

/** {@code sut load}: only the load phase (and its read-back), e.g. the Kubernetes load Job before the run injectors. */
@Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Create --records accounts and --payments payments (ids from --seed and the record index) on the local "
                    + "stack or --target, read them back, and write results/<timestamp>-<label>/run.json. Run-phase "
                    + "options are accepted and ignored.",
            "Follow with 'sut run --skip-load' using the same --target, --seed, --records and --payments."})
public final class LoadCommand extends RunCommand {

    @Override
    protected RunSettings.Phases phases() {
        return RunSettings.Phases.LOAD_ONLY;
    }
}
