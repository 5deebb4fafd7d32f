package io.refsut.loadtest.report;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes and reads summary.json. */
public final class SummaryJson {

    static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            // newer minor versions of the format may add fields; readers of this version ignore them
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private SummaryJson() {
    }

    /** Writes {@code summary} to {@code file} as indented JSON. */
    public static void write(Summary summary, Path file) throws IOException {
        Files.writeString(file, MAPPER.writeValueAsString(summary) + "\n");
    }

    /** Reads a summary.json written by any {@link Summary#FORMAT_VERSION} 1 writer. */
    public static Summary read(Path file) throws IOException {
        JsonNode tree = MAPPER.readTree(file.toFile());
        int version = tree.path("formatVersion").asInt(-1);
        if (version != Summary.FORMAT_VERSION) {
            throw new IOException(file + " has formatVersion " + version + ", this reader knows "
                    + Summary.FORMAT_VERSION);
        }
        return MAPPER.treeToValue(tree, Summary.class);
    }

    /** The JSON text of {@code value} as summary.json writes it. */
    static String toJson(Object value) throws IOException {
        return MAPPER.writeValueAsString(value);
    }
}
