package org.cloudprofiler.generator.drops;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.generator.jof.JofCounters;

/**
 * Writes a {@code drops.json} (format {@value #FORMAT}, docs/analyzer-output.md): what the
 * generator or a JOF emitted, received and lost, left in the log directory so that the analyzer
 * reports losses outside the channel logs next to the latencies. Stateless; each call writes a
 * whole file, atomically (a reader never sees half of one).
 */
public final class DropsFile {
    /** The file name the analyzer looks for. */
    public static final String FILE_NAME = "drops.json";
    /** The layout written. */
    public static final String FORMAT = "cloudprofiler-drops/1";

    private static final ObjectMapper JSON =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private DropsFile() {}

    /** The generator's run: tuples it could not send are its drops. */
    public static void writeGenerator(Path file, String node, GeneratorResult result)
            throws IOException {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("sentTuples", result.sentTuples());
        counts.put("droppedTuples", result.droppedTuples());
        counts.put("sentBuckets", result.sentBuckets());
        counts.put("droppedBuckets", result.droppedBuckets());
        counts.put("undeliveredMarkers", (long) result.undeliveredMarkers());
        write(file, "generator", node, result.droppedTuples(), counts);
    }

    /** A JOF's counts: tuples a full queue refused or that arrived unusable are its drops. */
    public static void writeJof(Path file, String name, String node, JofCounters counters)
            throws IOException {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("tuplesReceived", counters.tuplesReceived());
        counts.put("tuplesHandedOver", counters.tuplesHandedOver());
        counts.put("tuplesDropped", counters.tuplesDropped());
        counts.put("tuplesRejected", counters.tuplesRejected());
        counts.put("messagesRejected", counters.messagesRejected());
        counts.put("sequenceGaps", counters.sequenceGaps());
        counts.put("endOfRunMismatches", counters.endOfRunMismatches());
        write(file, name, node, counters.tuplesDropped() + counters.tuplesRejected(), counts);
    }

    /**
     * The counts of the first source of a drops.json this class wrote, by name.
     *
     * @throws IOException if it cannot be read or is not such a file
     */
    public static Map<String, Long> counts(Path file) throws IOException {
        JsonNode root = JSON.readTree(file.toFile());
        if (!FORMAT.equals(root.path("format").asText())) {
            throw new IOException(file + " is not a " + FORMAT + " file");
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        root.path("sources").path(0).path("counts").fields().forEachRemaining(
                count -> counts.put(count.getKey(), count.getValue().asLong()));
        return counts;
    }

    private static void write(Path file, String name, String node, long dropped,
            Map<String, Long> counts) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        ObjectNode source = root.putArray("sources").addObject();
        source.put("name", name);
        source.put("node", node);
        source.put("dropped", dropped);
        ObjectNode countsNode = source.putObject("counts");
        counts.forEach(countsNode::put);
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        JSON.writeValue(partial.toFile(), root);
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }
}
