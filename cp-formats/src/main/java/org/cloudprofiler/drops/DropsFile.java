package org.cloudprofiler.drops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.cloudprofiler.channel.ChannelNames;

/**
 * Reads and writes {@code drops.json} (format {@value #FORMAT}, docs/analyzer-output.md): what
 * was lost before the engine saw it (a JOF's full queues, a generator's refused sends), left in a
 * log directory so that the analyzer reports those losses next to the latencies.
 */
public final class DropsFile {

    /** The file name the analyzer looks for. */
    public static final String FILE_NAME = "drops.json";
    /** Name and version of this layout. */
    public static final String FORMAT = "cloudprofiler-drops/1";

    private static final ObjectMapper JSON =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private DropsFile() {}

    /**
     * Writes {@code sources} as a whole file, aside and renamed into place, so a reader never
     * sees half of one; creates the directory if needed.
     */
    public static void write(Path file, List<DropsSource> sources) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        ArrayNode array = root.putArray("sources");
        for (DropsSource source : sources) {
            ObjectNode node = array.addObject();
            node.put("name", source.name());
            node.put("node", source.node());
            node.put("dropped", source.dropped());
            ObjectNode counts = node.putObject("counts");
            source.counts().forEach(counts::put);
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        JSON.writeValue(partial.toFile(), root);
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * The {@code drops.json} files the tasks of component {@code componentId} (a JofSpout's
     * component id, a JofSource's operator name) left in {@code nodeDirectory}, a node's log
     * directory: {@code <component>/<task>/drops.json}, one per task that got that far.
     */
    public static List<Path> filesOf(Path nodeDirectory, String componentId)
            throws IOException {
        List<Path> files = new ArrayList<>();
        Path component = nodeDirectory.resolve(ChannelNames.component(componentId));
        if (Files.isDirectory(component)) {
            try (DirectoryStream<Path> tasks = Files.newDirectoryStream(component)) {
                for (Path task : tasks) {
                    Path drops = task.resolve(FILE_NAME);
                    if (Files.exists(drops)) {
                        files.add(drops);
                    }
                }
            }
        }
        return files;
    }

    /**
     * The sources of {@code file}, in the order written.
     *
     * @throws IOException if it cannot be read, is not of this layout, or a source lacks its
     *     name or its dropped count; the message says which
     */
    public static List<DropsSource> read(Path file) throws IOException {
        return sources(JSON.readTree(file.toFile()));
    }

    /**
     * As {@link #read(Path)}, for a file of any filesystem read from {@code in}; closes
     * {@code in}.
     */
    public static List<DropsSource> read(InputStream in) throws IOException {
        return sources(JSON.readTree(in));
    }

    private static List<DropsSource> sources(JsonNode root) throws IOException {
        if (!FORMAT.equals(root.path("format").asText(""))) {
            throw new IOException("its format is not " + FORMAT);
        }
        List<DropsSource> sources = new ArrayList<>();
        for (JsonNode source : root.path("sources")) {
            if (!source.path("name").isTextual() || !source.path("dropped").canConvertToLong()) {
                throw new IOException("a source lacks its \"name\" or its \"dropped\" count");
            }
            Map<String, Long> counts = new LinkedHashMap<>();
            source.path("counts").fields().forEachRemaining(
                    count -> counts.put(count.getKey(), count.getValue().asLong()));
            sources.add(new DropsSource(source.get("name").asText(),
                    source.path("node").asText(null), source.get("dropped").asLong(), counts));
        }
        return sources;
    }
}
