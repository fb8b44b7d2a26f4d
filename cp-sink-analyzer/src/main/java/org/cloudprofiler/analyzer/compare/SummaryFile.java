package org.cloudprofiler.analyzer.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.report.OutputFiles;

/**
 * Reads what a comparison needs ({@link AnalyzedRun}) of a summary.json written by
 * {@code cloudprofiler analyze}, given as the
 * analysis' output directory or as the file itself. Only a summary of this version's format
 * ({@link AnalysisSummary#FORMAT}) is read: another version may mean other things by the same
 * names. Fields this reader does not know are ignored, so fields added within a version are
 * no obstacle. Stateless.
 */
public final class SummaryFile {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private SummaryFile() {}

    /**
     * @param path an analysis output directory or its summary.json
     * @throws IllegalArgumentException with one line naming the path and the fix, if it is
     *     missing, not a summary, or of another format version
     * @throws IOException if the file exists but cannot be read
     */
    public static AnalyzedRun read(Path path) throws IOException {
        Path file = Files.isDirectory(path) ? path.resolve(OutputFiles.SUMMARY) : path;
        if (!Files.exists(path)) {
            throw new IllegalArgumentException(path + " does not exist: give the output"
                    + " directory of 'cloudprofiler analyze' or its " + OutputFiles.SUMMARY);
        }
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(path + " holds no " + OutputFiles.SUMMARY
                    + ": give the output directory of 'cloudprofiler analyze' (its --out)");
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw notASummary(file, "it is not JSON");
        }
        if (root == null || !root.isObject() || !root.path("format").isTextual()) {
            throw notASummary(file, "it has no \"format\"");
        }
        String format = root.get("format").asText();
        if (!format.equals(AnalysisSummary.FORMAT)) {
            throw new IllegalArgumentException(file + " is of format " + format + ", and this"
                    + " cloudprofiler reads " + AnalysisSummary.FORMAT + ": analyze its logs"
                    + " again with this version");
        }
        if (!root.path("hops").isArray()) {
            throw notASummary(file, "it has no \"hops\"");
        }
        List<AnalysisSummary.HopRow> hops = new ArrayList<>();
        for (JsonNode hop : root.get("hops")) {
            hops.add(field(file, hop, "a hop row", AnalysisSummary.HopRow.class));
        }
        return new AnalyzedRun(path.toString(), root.path("finished").asBoolean(true),
                root.path("stopped").asBoolean(false),
                field(file, root.get("analysed"), "\"analysed\"",
                        AnalysisSummary.Analysed.class),
                field(file, root.get("warmUp"), "\"warmUp\"", AnalysisSummary.WarmUp.class),
                List.copyOf(hops));
    }

    /** {@code node} as a {@code type}, or one line naming {@code what} if it is not one. */
    private static <T> T field(Path file, JsonNode node, String what, Class<T> type) {
        if (node == null || !node.isObject()) {
            throw notASummary(file, "it has no " + what);
        }
        try {
            return MAPPER.treeToValue(node, type);
        } catch (JsonProcessingException e) {
            throw notASummary(file, what + " cannot be read (" + e.getOriginalMessage() + ")");
        }
    }

    private static IllegalArgumentException notASummary(Path file, String why) {
        return new IllegalArgumentException(file + " is not a summary of 'cloudprofiler"
                + " analyze' (" + why + "): give the summary.json it wrote, or its directory");
    }
}
