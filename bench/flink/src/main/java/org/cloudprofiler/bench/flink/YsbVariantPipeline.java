package org.cloudprofiler.bench.flink;

import java.time.Duration;
import java.util.Map;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.cloudprofiler.bench.ingestion.FreePorts;
import org.cloudprofiler.bench.overhead.SyncBeside;
import org.cloudprofiler.bench.overhead.VariantPipeline;
import org.cloudprofiler.examples.flink.ysb.AdEventReader;
import org.cloudprofiler.examples.flink.ysb.YsbJob;
import org.cloudprofiler.examples.ysb.common.CampaignWindows;
import org.cloudprofiler.examples.ysb.common.WindowKey;
import org.cloudprofiler.examples.ysb.common.YsbStages;
import org.cloudprofiler.flink.profile.CloudProfilerFlink;
import org.cloudprofiler.flink.source.JofSource;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.jof.FullQueuePolicy;
import org.cloudprofiler.generator.search.RunResult;
import org.cloudprofiler.generator.ysb.AdEvent;
import org.cloudprofiler.sync.DriftModel;

/**
 * The YSB DataStream job ({@link YsbJob}, parallelism 1) in one of its variants, fed by the
 * generator through a JofSource on the shared MiniCluster: a fresh job per run, which ends by
 * itself once the generator's end-of-run markers are through, measured as {@link
 * VariantPipeline} says. Flink's tasks wait on their mailboxes when idle, so the process's CPU
 * time follows the work done. Not thread-safe.
 */
// Closing waits for Flink and may be interrupted: the benchmark ends then anyway.
@SuppressWarnings("try")
final class YsbVariantPipeline extends VariantPipeline {

    /** The variants of the job: its Flink configuration besides the defaults. */
    enum Variant {
        /** Not profiled: the graph as written. */
        NONE(Map.of("cloudprofiler.enabled", "false")),
        /** Profiled, every channel OFF: ids carried, nothing opened. */
        OFF(Map.of("cloudprofiler.handlers", "**=OFF")),
        /** Profiled, every channel's handler NULL: the probes' cost without logging. */
        NULL(Map.of("cloudprofiler.handlers", "**=NULL")),
        /** Profiled with the product's default handlers, every record traced. */
        TRACED(Map.of()),
        /** As {@link #TRACED}, with a sync session's mid phases beside the job. */
        TRACED_MID_PHASES(Map.of(), true),
        /** The default handlers, about one source record in 64 logged (and all it leads to). */
        SAMPLED_64(Map.of("cloudprofiler.sample", "1/64")),
        /** The default handlers, about one source record in 1024 logged. */
        SAMPLED_1024(Map.of("cloudprofiler.sample", "1/1024")),
        /** Profiled, every channel logged with its tuple id. */
        BUFFERED_ID(Map.of("cloudprofiler.handlers", "**=BUFFERED_ID")),
        /** Not profiled; Flink's latency markers every 10 ms. */
        MARKERS_10MS(Map.of("cloudprofiler.enabled", "false",
                "metrics.latency.interval", "10 ms")),
        /** Not profiled; Flink's latency markers every millisecond. */
        MARKERS_1MS(Map.of("cloudprofiler.enabled", "false",
                "metrics.latency.interval", "1 ms"));

        final Map<String, String> settings;
        /** Whether a sync session takes mid phases beside the job ({@link SyncBeside}). */
        final boolean midPhases;

        Variant(Map<String, String> settings) {
            this(settings, false);
        }

        Variant(Map<String, String> settings, boolean midPhases) {
            this.settings = settings;
            this.midPhases = midPhases;
        }
    }

    private final SharedMiniCluster cluster;
    private final Map<String, String> settings;
    private final boolean midPhases;

    /**
     * @param settings the variant's configuration, e.g. {@link Variant#settings}, or another
     *     handler rule to find which channel costs what
     */
    YsbVariantPipeline(SharedMiniCluster cluster, Variant variant, Map<String, String> settings,
            long seed) {
        super(variant.name(), seed, YsbStages.EVENTS);
        this.cluster = cluster;
        this.settings = Map.copyOf(settings);
        this.midPhases = variant.midPhases;
    }

    @Override
    public RunResult run(long targetTuplesPerSecond, Duration duration) throws Exception {
        String name = nextRun();
        // DROP, as the Storm bench's JofSpout: an overloaded run fails at once, not after a
        // backlog the generator's end-of-run markers would queue behind.
        JofSource<AdEvent> source = JofSource.<AdEvent>builder()
                .setBasePort(FreePorts.block(1))
                .setReceivers(1)
                .setPayload(Payload.ysb())
                .setValueOnlyDeserializer(AdEvent.class)
                .setQueueCapacity(1024)
                .setWhenQueueFull(FullQueuePolicy.DROP)
                .setUnboundedUntilEndOfRun()
                .build();
        StreamExecutionEnvironment env = cluster.environment(Configuration.fromMap(settings));
        env.setParallelism(1);
        YsbJob.addTo(env, source, AdEventReader.asIs(), campaigns(), name);
        StreamGraph graph = CloudProfilerFlink.profile(env).streamGraph(name);
        CampaignWindows.clear(name);
        try (SharedMiniCluster.Job job = cluster.submit(graph);
                SyncBeside sync = midPhases
                        ? SyncBeside.start(DriftModel.DEFAULT_MID_INTERVAL) : null) {
            Map<WindowKey, Long> windows = CampaignWindows.of(name);
            return measure(source.endpoints(), targetTuplesPerSecond, duration,
                    () -> windows.values().stream().mapToLong(Long::longValue).sum());
        } finally {
            CampaignWindows.clear(name);
        }
    }
}
