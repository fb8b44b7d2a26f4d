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
import org.cloudprofiler.generator.jof.JofCounters;

/**
 * Writes a {@code drops.json} (format {@value #FORMAT}, docs/analyzer-output.md): what a JOF
 * received and what was lost on the way into it, left in the log directory so that the analyzer
 * reports losses outside the channel logs next to the latencies. The JOF is the one accountant
 * of the generator's drops too (their end-of-run markers tell it), since the generator may run
 * on a machine whose files the analyzer never sees. Stateless; each call writes a whole file,
 * atomically (a reader never sees half of one).
 */
public final class DropsFile {
    /** The file name the analyzer looks for. */
    public static final String FILE_NAME = "drops.json";
    /** The layout written. */
    public static final String FORMAT = "cloudprofiler-drops/1";

    private static final ObjectMapper JSON =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private DropsFile() {}

    /**
     * A JOF's counts. Its drops are the tuples its senders could not send it, those its full
     * queues refused and those that arrived unusable; the senders' share is complete once every
     * one of its {@code receivers} has had every sender's end-of-run marker
     * ({@code receiversAtEndOfRun}).
     */
    public static void writeJof(Path file, String name, String node, JofCounters counters,
            int receivers) throws IOException {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("tuplesReceived", counters.tuplesReceived());
        counts.put("tuplesHandedOver", counters.tuplesHandedOver());
        counts.put("tuplesDropped", counters.tuplesDropped());
        counts.put("tuplesRejected", counters.tuplesRejected());
        counts.put("messagesRejected", counters.messagesRejected());
        counts.put("sequenceGaps", counters.sequenceGaps());
        counts.put("tuplesDroppedBySenders", counters.tuplesDroppedBySenders());
        counts.put("endOfRunMismatches", counters.endOfRunMismatches());
        counts.put("receivers", (long) receivers);
        counts.put("receiversAtEndOfRun", (long) counters.receiversAtEndOfRun());
        write(file, name, node, counters.tuplesDroppedBySenders() + counters.tuplesDropped()
                + counters.tuplesRejected(), counts);
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
