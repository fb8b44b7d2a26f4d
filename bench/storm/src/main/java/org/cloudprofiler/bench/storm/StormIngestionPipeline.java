package org.cloudprofiler.bench.storm;

import org.cloudprofiler.bench.ingestion.MeasuredIngestionPipeline;
import org.cloudprofiler.bench.ingestion.RunRules;

/**
 * A source measured on the shared LocalCluster: each run is a fresh topology of that source and
 * the null bolt, killed when the run is over; runs start and end as {@link
 * MeasuredIngestionPipeline} says. The shared cluster is the caller's. Not thread-safe.
 */
abstract class StormIngestionPipeline extends MeasuredIngestionPipeline {
    protected final SharedLocalCluster cluster;

    protected StormIngestionPipeline(String name, SharedLocalCluster cluster, RunRules rules) {
        super(name, rules);
        this.cluster = cluster;
    }
}
