package org.cloudprofiler.cluster;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The engines {@code cluster up} can bring up, by name, in their default start order. */
public final class ClusterEngines {
    private static final List<ClusterEngine> ALL = List.of(new StormCluster(),
            new FlinkCluster(), new KafkaCluster());

    private ClusterEngines() {}

    /** A new map of every engine by its name, in start order; the caller may change it. */
    public static Map<String, ClusterEngine> byName() {
        Map<String, ClusterEngine> engines = new LinkedHashMap<>();
        for (ClusterEngine engine : ALL) {
            engines.put(engine.name(), engine);
        }
        return engines;
    }
}
