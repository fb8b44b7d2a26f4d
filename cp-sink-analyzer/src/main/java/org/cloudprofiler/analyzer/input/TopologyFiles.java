package org.cloudprofiler.analyzer.input;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads and merges the {@code topology.json} files of a log set: each node writes its own
 * (docs/storm.md), and all of one run describe the same components and edges. Fields this
 * version does not use are ignored, so later engines may add some.
 */
public final class TopologyFiles {

    /** The layout this reader understands. */
    public static final String FORMAT = "cloudprofiler-topology/1";
    /** The file name in a node's log directory. */
    public static final String FILE_NAME = "topology.json";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private TopologyFiles() {}

    /**
     * Merges {@code files}; a file that cannot be read, or describes another run than the first
     * readable one, is reported in {@code problems} and left out.
     *
     * @return the merged topology, or null if no file could be used
     */
    public static Topology merge(List<Path> files, List<InputProblem> problems) {
        String runId = null;
        boolean any = false;
        Map<String, Topology.Component> components = new LinkedHashMap<>();
        Set<Topology.Edge> edges = new LinkedHashSet<>();
        for (Path file : files) {
            JsonNode root;
            try {
                root = MAPPER.readTree(file.toFile());
            } catch (IOException e) {
                problems.add(new InputProblem(file.toString(), "BAD_TOPOLOGY",
                        "cannot read it (" + e.getMessage() + "); it is ignored"));
                continue;
            }
            String format = root.path("format").asText("");
            if (!FORMAT.equals(format)) {
                problems.add(new InputProblem(file.toString(), "BAD_TOPOLOGY", "its format is \""
                        + format + "\", this analyzer reads " + FORMAT + "; it is ignored"));
                continue;
            }
            String fileRun = root.path("stormId").isTextual() ? root.get("stormId").asText()
                    : root.path("runId").asText(null);
            if (any && fileRun != null && runId != null && !fileRun.equals(runId)) {
                problems.add(new InputProblem(file.toString(), "BAD_TOPOLOGY", "it describes run "
                        + fileRun + ", the other files run " + runId + "; it is ignored. Fix:"
                        + " give --logs the directories of one run only"));
                continue;
            }
            any = true;
            runId = runId == null ? fileRun : runId;
            for (JsonNode component : root.path("components")) {
                List<Integer> tasks = new ArrayList<>();
                component.path("tasks").forEach(task -> tasks.add(task.asInt()));
                String id = component.path("id").asText();
                components.putIfAbsent(id, new Topology.Component(id,
                        component.path("role").asText("inner"),
                        component.path("channelPrefix").asText(id), tasks));
            }
            for (JsonNode edge : root.path("edges")) {
                edges.add(new Topology.Edge(edge.path("from").asText(),
                        edge.path("to").asText(), edge.path("grouping").asText("shuffle")));
            }
        }
        return any ? new Topology(runId, List.copyOf(components.values()), List.copyOf(edges))
                : null;
    }
}
