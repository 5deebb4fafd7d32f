package io.refsut.loadtest.simulation;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A UTF-8 text file that the injector's threads write one line at a time; an I/O failure is unchecked and names the
 * log ("cannot write the request log"). Holds no more than its write buffer in memory.
 */
record LineFile(BufferedWriter writer, String name) implements AutoCloseable {

    /**
     * Opens {@code file}, creating it and its folder if needed.
     *
     * @param name how messages name the log ("request log")
     * @param append keep what the file holds and write after it, else truncate it
     */
    static LineFile open(Path file, String name, boolean append) {
        OpenOption[] options = append ? new OpenOption[] {StandardOpenOption.CREATE, StandardOpenOption.APPEND}
                : new OpenOption[0];
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            return new LineFile(Files.newBufferedWriter(file, StandardCharsets.UTF_8, options), name);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the " + name + " " + file, e);
        }
    }

    synchronized void write(String line) {
        try {
            writer.write(line);
            writer.newLine();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the " + name, e);
        }
    }

    @Override
    public synchronized void close() {
        try {
            writer.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the " + name, e);
        }
    }
}
