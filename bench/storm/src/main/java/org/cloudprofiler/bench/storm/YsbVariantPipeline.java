package org.cloudprofiler.bench.storm;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.sun.management.OperatingSystemMXBean;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.generated.StormTopology;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.bench.ingestion.FreePorts;
import org.cloudprofiler.bench.ingestion.ScheduleLag;
import org.cloudprofiler.drops.DropsFile;
import org.cloudprofiler.drops.DropsSource;
import org.cloudprofiler.examples.ysb.YsbTopology;
import org.cloudprofiler.examples.ysb.common.CampaignWindows;
import org.cloudprofiler.examples.ysb.common.WindowKey;
import org.cloudprofiler.examples.ysb.common.YsbStages;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.jof.FullQueuePolicy;
import org.cloudprofiler.generator.search.IngestionPipeline;
import org.cloudprofiler.generator.search.RunResult;
import org.cloudprofiler.storm.jof.JofSpout;
import org.cloudprofiler.storm.jof.JofSpoutConfig;

/**
 * The YSB topology in one of its three builds, fed by the generator through JofSpout on a
 * shared LocalCluster: a fresh topology per run, killed after. A run's ingested tuples are what
 * the spout's JOF handed over (from the drops.json it leaves once the generator's end-of-run
 * markers are through: a run without one ingested nothing; a LocalCluster without acking loses
 * nothing after the spout); its lag at the end is the larger of the generator's and the drain,
 * the time the sink still changed after the schedule's end, so a backlog in Storm's queues fails
 * the run. Executors park when idle instead of spinning, so the process's CPU time follows the
 * work done. Not thread-safe.
 */
// Killing a topology waits for Storm and may be interrupted: the benchmark ends then anyway.
@SuppressWarnings("try")
final class YsbVariantPipeline implements IngestionPipeline {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(60);
    private static final long SETTLED_AFTER_NS = 1_000_000_000L;
    private static final int IDLE_PARK_MICROS = 100;

    /** The three builds of the topology. */
    enum Variant {
        NONE(null), NULL("**=NULL"), BUFFERED_ID("**=BUFFERED_ID");

        /** {@code cloudprofiler.handlers} of the build; null: not profiled at all. */
        final String handlers;

        Variant(String handlers) {
            this.handlers = handlers;
        }
    }

    /**
     * One run's figures besides the search's.
     *
     * @param views what the sink counted
     * @param sinkTuplesPerSecond tuples sent per second from the generator's start to the
     *     sink's last change: the throughput the topology kept
     * @param cpuSecondsPerMillion the process's CPU time over the run per million tuples sent
     */
    record Measurement(Variant variant, RunResult result, long views,
            double sinkTuplesPerSecond, double cpuSecondsPerMillion) {}

    private final LocalCluster cluster;
    private final Variant variant;
    private final long seed;
    private final Map<String, String> campaigns;
    private final OperatingSystemMXBean os =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final List<Measurement> measurements = new ArrayList<>();
    private int runs;

    YsbVariantPipeline(LocalCluster cluster, Variant variant, long seed) {
        this.cluster = cluster;
        this.variant = variant;
        this.seed = seed;
        this.campaigns = Generator.ysbAdCampaigns(seed);
    }

    Variant variant() {
        return variant;
    }

    /** Every run's figures so far, in order. */
    List<Measurement> measurements() {
        return measurements;
    }

    @Override
    public RunResult run(long targetTuplesPerSecond, Duration duration) throws Exception {
        String name = "ysb-" + variant.name().toLowerCase().replace('_', '-') + "-" + ++runs;
        // DROP, as when its figures were taken: an overloaded run fails at once, not after a
        // backlog the generator's end-of-run markers would queue behind.
        JofSpoutConfig jof = JofSpoutConfig.builder("127.0.0.1", FreePorts.block(1))
                .setPayload(Payload.ysb()).setQueueCapacity(1024)
                .setWhenQueueFull(FullQueuePolicy.DROP).build();
        JofSpout spout = new JofSpout(jof);
        StormTopology topology = variant == Variant.NONE
                ? YsbTopology.uninstrumented(spout, 1, 1, campaigns)
                : YsbTopology.profiled(spout, 1, 1, campaigns);
        CampaignWindows.clear(name);
        deleteJofCounts();
        cluster.submitTopology(name, config(), topology);
        try {
            GeneratorResult result;
            long cpuStartNs;
            long startNs;
            long scheduleEndNs;
            try (Generator generator = Generator.builder().payload(Payload.ysb()).seed(seed)
                    .endpoints(jof.endpoints(1)).tuplesPerSecond(targetTuplesPerSecond)
                    .duration(duration).connectTimeout(CONNECT_TIMEOUT).build()) {
                generator.start();
                // start() returns once the receivers answered: the topology is up.
                cpuStartNs = os.getProcessCpuTime();
                startNs = System.nanoTime();
                result = generator.awaitEnd();
                scheduleEndNs = startNs + result.elapsedNs();
            }
            long[] sink = awaitSettledSink(name);
            long cpuNs = os.getProcessCpuTime() - cpuStartNs;
            long drainNs = Math.max(0, sink[1] - scheduleEndNs);
            long[] jofCounts = jofCounts();
            ScheduleLag lag = ScheduleLag.ofGenerator(result.seconds());
            RunResult run = new RunResult(targetTuplesPerSecond,
                    result.achievedTuplesPerSecond(), result.sentTuples(),
                    result.droppedTuples() + jofCounts[1], jofCounts[0], lag.p99Ns(),
                    lag.maxNs(), Math.max(lag.atEndNs(), drainNs));
            measurements.add(new Measurement(variant, run, sink[0],
                    result.sentTuples() * 1e9 / Math.max(1, sink[1] - startNs),
                    cpuNs / 1e9 / (result.sentTuples() / 1e6)));
            return run;
        } finally {
            SharedLocalCluster.killAndAwaitGone(cluster, name);
            CampaignWindows.clear(name);
        }
    }

    private Config config() {
        Config conf = YsbTopology.config(1);
        if (variant.handlers != null) {
            conf.put("cloudprofiler.handlers", variant.handlers);
        }
        // Storm's executors spin when idle by default, which would put the spare cores into
        // the CPU time whatever the work.
        conf.put(Config.TOPOLOGY_BOLT_WAIT_STRATEGY, "org.apache.storm.policy.WaitStrategyPark");
        conf.put(Config.TOPOLOGY_BOLT_WAIT_PARK_MICROSEC, IDLE_PARK_MICROS);
        conf.put(Config.TOPOLOGY_SPOUT_WAIT_STRATEGY, "org.apache.storm.policy.WaitStrategyPark");
        conf.put(Config.TOPOLOGY_SPOUT_WAIT_PARK_MICROSEC, IDLE_PARK_MICROS);
        return conf;
    }

    /** The sink's view count once it has not changed for a second, and its last change (ns). */
    private static long[] awaitSettledSink(String name) throws InterruptedException {
        Map<WindowKey, Long> windows = CampaignWindows.of(name);
        long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
        long last = -1;
        long lastChangeNs = System.nanoTime();
        while (System.nanoTime() < deadline) {
            long views = windows.values().stream().mapToLong(Long::longValue).sum();
            if (views != last) {
                last = views;
                lastChangeNs = System.nanoTime();
            } else if (System.nanoTime() - lastChangeNs > SETTLED_AFTER_NS) {
                break;
            }
            Thread.sleep(1);
        }
        return new long[] {last, lastChangeNs};
    }

    /**
     * The spout's JOF counts from the drops.json it left: tuples handed over and dropped; both 0
     * if it left none (its run never ended).
     */
    private static long[] jofCounts() throws IOException {
        long[] counts = new long[2];
        for (Path drops : jofCountFiles()) {
            for (DropsSource source : DropsFile.read(drops)) {
                Map<String, Long> jof = source.counts();
                counts[0] += jof.getOrDefault("tuplesHandedOver", 0L);
                counts[1] += jof.getOrDefault("tuplesDropped", 0L)
                        + jof.getOrDefault("tuplesRejected", 0L);
            }
        }
        return counts;
    }

    /** Removes an earlier run's drops.json, which the next run must not count. */
    private static void deleteJofCounts() throws IOException {
        for (Path drops : jofCountFiles()) {
            Files.delete(drops);
        }
    }

    private static List<Path> jofCountFiles() throws IOException {
        return JofSpout.dropsFiles(Path.of(CloudProfiler.logDirectory()), YsbStages.EVENTS);
    }
}
