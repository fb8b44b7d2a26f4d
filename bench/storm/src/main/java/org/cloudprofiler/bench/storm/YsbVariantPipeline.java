package org.cloudprofiler.bench.storm;

import java.time.Duration;
import java.util.Map;

import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.generated.StormTopology;
import org.cloudprofiler.bench.ingestion.FreePorts;
import org.cloudprofiler.bench.overhead.VariantPipeline;
import org.cloudprofiler.examples.ysb.YsbTopology;
import org.cloudprofiler.examples.ysb.common.CampaignWindows;
import org.cloudprofiler.examples.ysb.common.WindowKey;
import org.cloudprofiler.examples.ysb.common.YsbStages;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.jof.FullQueuePolicy;
import org.cloudprofiler.generator.search.RunResult;
import org.cloudprofiler.storm.jof.JofSpout;
import org.cloudprofiler.storm.jof.JofSpoutConfig;

/**
 * The YSB topology in one of its builds, fed by the generator through JofSpout on a
 * shared LocalCluster: a fresh topology per run, killed after, measured as {@link
 * VariantPipeline} says (a LocalCluster without acking loses nothing after the spout).
 * Executors park when idle instead of spinning, so the process's CPU time follows the work
 * done. Not thread-safe.
 */
// Killing a topology waits for Storm and may be interrupted: the benchmark ends then anyway.
@SuppressWarnings("try")
final class YsbVariantPipeline extends VariantPipeline {
    private static final int IDLE_PARK_MICROS = 100;

    /** The builds of the topology: unprofiled, or profiled with these settings. */
    enum Variant {
        /** Not profiled at all. */
        NONE(null),
        /** Every channel OFF: ids carried, nothing opened. */
        OFF(Map.of("cloudprofiler.handlers", "**=OFF")),
        /** Every channel NULL: the probes' cost without logging. */
        NULL(Map.of("cloudprofiler.handlers", "**=NULL")),
        /** The product's default handlers, every record traced. */
        TRACED(Map.of()),
        /** The default handlers, about one source record in 64 logged. */
        SAMPLED_64(Map.of("cloudprofiler.sample", "1/64")),
        /** The default handlers, about one source record in 1024 logged. */
        SAMPLED_1024(Map.of("cloudprofiler.sample", "1/1024")),
        /** Every channel logged with its tuple id. */
        BUFFERED_ID(Map.of("cloudprofiler.handlers", "**=BUFFERED_ID"));

        /** The {@code cloudprofiler.*} keys of the build; null: not profiled at all. */
        final Map<String, String> settings;

        Variant(Map<String, String> settings) {
            this.settings = settings;
        }
    }

    private final LocalCluster cluster;
    private final Variant variant;

    YsbVariantPipeline(LocalCluster cluster, Variant variant, long seed) {
        super(variant.name(), seed, YsbStages.EVENTS);
        this.cluster = cluster;
        this.variant = variant;
    }

    @Override
    public RunResult run(long targetTuplesPerSecond, Duration duration) throws Exception {
        String name = nextRun();
        // DROP, as when its figures were taken: an overloaded run fails at once, not after a
        // backlog the generator's end-of-run markers would queue behind.
        JofSpoutConfig jof = JofSpoutConfig.builder("127.0.0.1", FreePorts.block(1))
                .setPayload(Payload.ysb()).setQueueCapacity(1024)
                .setWhenQueueFull(FullQueuePolicy.DROP).build();
        JofSpout spout = new JofSpout(jof);
        StormTopology topology = variant == Variant.NONE
                ? YsbTopology.uninstrumented(spout, 1, 1, campaigns())
                : YsbTopology.profiled(spout, 1, 1, campaigns());
        CampaignWindows.clear(name);
        cluster.submitTopology(name, config(), topology);
        try {
            Map<WindowKey, Long> windows = CampaignWindows.of(name);
            return measure(jof.endpoints(1), targetTuplesPerSecond, duration,
                    () -> windows.values().stream().mapToLong(Long::longValue).sum());
        } finally {
            SharedLocalCluster.killAndAwaitGone(cluster, name);
            CampaignWindows.clear(name);
        }
    }

    private Config config() {
        Config conf = YsbTopology.config(1);
        if (variant.settings != null) {
            conf.putAll(variant.settings);
        }
        // Storm's executors spin when idle by default, which would put the spare cores into
        // the CPU time whatever the work.
        conf.put(Config.TOPOLOGY_BOLT_WAIT_STRATEGY, "org.apache.storm.policy.WaitStrategyPark");
        conf.put(Config.TOPOLOGY_BOLT_WAIT_PARK_MICROSEC, IDLE_PARK_MICROS);
        conf.put(Config.TOPOLOGY_SPOUT_WAIT_STRATEGY, "org.apache.storm.policy.WaitStrategyPark");
        conf.put(Config.TOPOLOGY_SPOUT_WAIT_PARK_MICROSEC, IDLE_PARK_MICROS);
        return conf;
    }
}
