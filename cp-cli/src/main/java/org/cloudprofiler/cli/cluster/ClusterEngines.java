package org.cloudprofiler.cli.cluster;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The engines {@code cluster up} can bring up, by name, in their default start order. */
final class ClusterEngines {
    private static final List<ClusterEngine> ALL = List.of(new StormCluster(),
            new FlinkCluster(), new KafkaCluster());

    private ClusterEngines() {}

    static Map<String, ClusterEngine> byName() {
        Map<String, ClusterEngine> engines = new LinkedHashMap<>();
        for (ClusterEngine engine : ALL) {
            engines.put(engine.name(), engine);
        }
        return engines;
    }
}
