package org.cloudprofiler.analyzer.input;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the {@code drops.json} files that JofSpout tasks (or anything else that loses tuples
 * before the engine) leave in a log directory
 * (format {@value #FORMAT}, docs/analyzer-output.md); a file that does not parse is reported and
 * skipped.
 */
public final class DropsFiles {

    /** The layout this reader understands. */
    public static final String FORMAT = "cloudprofiler-drops/1";
    /** The file name the analyzer looks for. */
    public static final String FILE_NAME = "drops.json";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private DropsFiles() {}

    /** Adds the sources of {@code file} to {@code drops}, or a problem to {@code problems}. */
    public static void read(Path file, List<ExternalDrops> drops, List<InputProblem> problems) {
        try {
            JsonNode root = MAPPER.readTree(file.toFile());
            if (!FORMAT.equals(root.path("format").asText(""))) {
                throw new IOException("its format is not " + FORMAT);
            }
            for (JsonNode source : root.path("sources")) {
                if (!source.path("name").isTextual() || !source.path("dropped").canConvertToLong()) {
                    throw new IOException("a source lacks its \"name\" or its \"dropped\" count");
                }
                Map<String, Long> counts = new LinkedHashMap<>();
                source.path("counts").fields().forEachRemaining(
                        count -> counts.put(count.getKey(), count.getValue().asLong()));
                drops.add(new ExternalDrops(file.toString(), source.get("name").asText(),
                        source.path("node").asText(null), source.get("dropped").asLong(),
                        counts));
            }
        } catch (IOException e) {
            problems.add(new InputProblem(file.toString(), "BAD_DROPS", "cannot use it ("
                    + e.getMessage() + "); its counts are left out"));
        }
    }
}
