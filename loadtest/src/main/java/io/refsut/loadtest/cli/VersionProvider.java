package io.refsut.loadtest.cli;

import io.refsut.loadtest.run.Machine;
import picocli.CommandLine;

/** {@code sut --version}: the versions recorded at build time. */
public final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        return Machine.versions().entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).toArray(String[]::new);
    }
}
