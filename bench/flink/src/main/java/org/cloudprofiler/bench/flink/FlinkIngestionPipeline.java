package org.cloudprofiler.bench.flink;

import org.cloudprofiler.bench.ingestion.MeasuredIngestionPipeline;
import org.cloudprofiler.bench.ingestion.RunRules;

/**
 * A source measured on the shared MiniCluster: each run is a fresh job of that source and the
 * counting sink, cancelled when the run is over; runs start and end as {@link
 * MeasuredIngestionPipeline} says. The shared cluster is the caller's. Not thread-safe.
 */
abstract class FlinkIngestionPipeline extends MeasuredIngestionPipeline {
    protected final SharedMiniCluster cluster;

    protected FlinkIngestionPipeline(String name, SharedMiniCluster cluster, RunRules rules) {
        super(name, rules);
        this.cluster = cluster;
    }
}
