package org.cloudprofiler.topology;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Reads and writes {@code topology.json}, the file each node's log directory holds for the
 * analyzer. Readers ignore fields they do not know, so a later writer may add some.
 */
public final class TopologyFile {

    /** The file name, in a node's log directory. */
    public static final String FILE_NAME = "topology.json";
    /** The classpath resource of the JSON Schema that {@link TopologyDescription} follows. */
    public static final String SCHEMA_RESOURCE = "/org/cloudprofiler/topology/topology.schema.json";

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private TopologyFile() {}

    /**
     * Reads {@code file}; absent fields are null.
     *
     * @throws IOException if it cannot be read or is not JSON of this layout's shape
     */
    public static TopologyDescription read(Path file) throws IOException {
        return MAPPER.readValue(file.toFile(), TopologyDescription.class);
    }

    /**
     * Reads a file of any filesystem from {@code in}, and closes {@code in}.
     *
     * @throws IOException if it cannot be read or is not JSON of this layout's shape
     */
    public static TopologyDescription read(InputStream in) throws IOException {
        return MAPPER.readValue(in, TopologyDescription.class);
    }

    /**
     * Writes {@code description} to {@code file} aside and renames it into place, so a reader
     * never sees half a file.
     */
    public static void write(Path file, TopologyDescription description) throws IOException {
        Path partial = Files.createTempFile(file.toAbsolutePath().getParent(),
                FILE_NAME, ".partial");
        try {
            MAPPER.writeValue(partial.toFile(), description);
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(partial);
        }
    }
}
