package org.cloudprofiler.analyzer.input;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.cloudprofiler.topology.ComponentRole;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.topology.TopologyFile;
import org.cloudprofiler.tupleid.RootSampling;

/**
 * Reads and merges the {@code topology.json} files of a log set: each node writes its own
 * (docs/topology-format.md), and all of one run describe the same components and edges.
 */
final class TopologyFiles {

    private TopologyFiles() {}

    /**
     * Merges {@code files}; a file that cannot be read, or describes another run than the first
     * readable one, is reported in {@code problems} and left out.
     *
     * @return the merged topology, or null if no file could be used
     */
    public static Topology merge(List<String> files, List<InputProblem> problems) {
        String runId = null;
        RootSampling sampling = null;
        boolean any = false;
        Map<String, Topology.Component> components = new LinkedHashMap<>();
        Set<Topology.Edge> edges = new LinkedHashSet<>();
        for (String file : files) {
            TopologyDescription description;
            try (InputStream in = LogStorage.of(file).open(file)) {
                description = TopologyFile.read(in);
            } catch (IOException e) {
                problems.add(new InputProblem(file, InputProblem.Kind.BAD_TOPOLOGY,
                        "cannot read it (" + e.getMessage() + "); it is ignored"));
                continue;
            }
            String format = Objects.requireNonNullElse(description.format(), "");
            if (!TopologyDescription.FORMAT.equals(format)) {
                problems.add(new InputProblem(file, InputProblem.Kind.BAD_TOPOLOGY,
                        "its format is \""
                        + format + "\", this analyzer reads " + TopologyDescription.FORMAT
                        + "; it is ignored"));
                continue;
            }
            String fileRun = description.run();
            if (any && fileRun != null && runId != null && !fileRun.equals(runId)) {
                problems.add(new InputProblem(file, InputProblem.Kind.BAD_TOPOLOGY,
                        "it describes run "
                        + fileRun + ", the other files run " + runId + "; it is ignored. Fix:"
                        + " give --logs the directories of one run only"));
                continue;
            }
            RootSampling fileSampling;
            try {
                fileSampling = description.sampling();
            } catch (IllegalArgumentException e) {
                problems.add(new InputProblem(file, InputProblem.Kind.BAD_TOPOLOGY,
                        "its sample is not one (" + e.getMessage() + "); it is ignored"));
                continue;
            }
            if (sampling != null && !fileSampling.equals(sampling)) {
                problems.add(new InputProblem(file, InputProblem.Kind.BAD_TOPOLOGY,
                        "it was sampled " + fileSampling + ", the other files " + sampling
                        + "; it is ignored. Fix: give every task of a run the same"
                        + " cloudprofiler.sample"));
                continue;
            }
            sampling = fileSampling;
            any = true;
            runId = runId == null ? fileRun : runId;
            for (TopologyDescription.Component component : listed(description.components())) {
                String id = Objects.requireNonNullElse(component.id(), "");
                components.putIfAbsent(id, new Topology.Component(id,
                        Objects.requireNonNullElse(component.role(), ComponentRole.INNER),
                        Objects.requireNonNullElse(component.channelPrefix(), id),
                        listed(component.tasks()), component.mintOrigin()));
            }
            for (TopologyDescription.Edge edge : listed(description.edges())) {
                edges.add(new Topology.Edge(Objects.requireNonNullElse(edge.from(), ""),
                        Objects.requireNonNullElse(edge.to(), ""),
                        Objects.requireNonNullElse(edge.grouping(), "shuffle"), edge.chained()));
            }
        }
        return any ? new Topology(runId, sampling.oneIn(), List.copyOf(components.values()),
                List.copyOf(edges)) : null;
    }

    /** A list the file may leave out, as an empty one. */
    private static <T> List<T> listed(List<T> values) {
        return values == null ? List.of() : values;
    }
}
