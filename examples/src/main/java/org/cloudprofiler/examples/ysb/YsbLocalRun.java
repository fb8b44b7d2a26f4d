package org.cloudprofiler.examples.ysb;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.generated.KillOptions;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.generator.GeneratorStats;
import org.cloudprofiler.drops.DropsFile;
import org.cloudprofiler.drops.DropsSource;
import org.cloudprofiler.examples.ysb.common.CampaignWindows;
import org.cloudprofiler.examples.ysb.common.TumblingWindows;
import org.cloudprofiler.examples.ysb.common.WindowKey;
import org.cloudprofiler.examples.ysb.common.YsbStages;
import org.cloudprofiler.generator.jof.FullQueuePolicy;
import org.cloudprofiler.storm.ProfiledTopologyBuilder;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.storm.jof.JofSpout;
import org.cloudprofiler.storm.jof.JofSpoutConfig;
import org.cloudprofiler.storm.pill.LocalRunMonitor;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Runs the profiled YSB topology on an embedded LocalCluster, fed by the native generator
 * through JofSpout, at a fixed rate: the generator runs for the given time, its end-of-run
 * markers end the spouts, the pills end every task, and the channel logs (the generator's sends
 * among them, for the hop from the generator to the spout), {@code topology.json} and each
 * JofSpout task's {@code drops.json} (its JOF's drops and the generator's towards it) are left
 * in {@code $CP_LOG_DIR/<node>} for
 * {@code cloudprofiler analyze}. What {@code make demo} runs first.
 */
@Command(name = "ysb-local-run", mixinStandardHelpOptions = true,
        description = "Generator -> JofSpout -> profiled YSB topology on a LocalCluster.")
public final class YsbLocalRun implements Callable<Integer> {
    private static final String TOPOLOGY = "ysb";

    @Option(names = "--rate", description = "Tuples per second (default ${DEFAULT-VALUE}).")
    long tuplesPerSecond = 100_000;

    @Option(names = "--seconds", description = "How long the generator emits"
            + " (default ${DEFAULT-VALUE}).")
    int seconds = 20;

    @Option(names = "--spout-tasks", description = "JofSpout tasks (default ${DEFAULT-VALUE}).")
    int spoutTasks = 1;

    @Option(names = "--bolt-tasks", description = "Tasks of each bolt (default ${DEFAULT-VALUE}).")
    int boltTasks = 1;

    @Option(names = "--workers", description = "Worker slots (default ${DEFAULT-VALUE}).")
    int workers = 1;

    @Option(names = "--receivers", description = "JOF receiver threads per spout task"
            + " (default ${DEFAULT-VALUE}).")
    int receivers = 1;

    @Option(names = "--port", description = "First JOF port; spout task k binds port + k *"
            + " receivers + r (default ${DEFAULT-VALUE}).")
    int basePort = 27_000;

    @Option(names = "--queue-capacity", description = "Buckets each JOF receiver's queue holds"
            + " (default: JofSpoutConfig's).")
    Integer queueCapacity;

    @Option(names = "--when-queue-full", description = "What a receiver whose queue is full does"
            + " with a bucket: ${COMPLETION-CANDIDATES} (default: JofSpoutConfig's).")
    FullQueuePolicy whenQueueFull;

    @Option(names = "--seed", description = "Seed of the YSB events and campaigns"
            + " (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--handlers", description = "cloudprofiler.handlers, e.g."
            + " 'sink/**=BUFFERED_ID, **=NULL' (docs/configuration.md).")
    String handlers;

    @Option(names = "--end-timeout", description = "How long the pills may take after the"
            + " generator's end (default ${DEFAULT-VALUE}).")
    Duration endTimeout = Duration.ofSeconds(60);

    public static void main(String[] args) {
        // Storm's LocalCluster leaves non-daemon threads behind; the run's outcome is the code.
        System.exit(new CommandLine(new YsbLocalRun()).execute(args));
    }

    @Override
    @SuppressWarnings("try") // LocalCluster.close() may throw InterruptedException; fine here.
    public Integer call() throws Exception {
        JofSpoutConfig.Builder jofBuilder = JofSpoutConfig.builder("127.0.0.1", basePort)
                .setReceiversPerTask(receivers).setPayload(Payload.ysb());
        if (queueCapacity != null) {
            jofBuilder.setQueueCapacity(queueCapacity);
        }
        if (whenQueueFull != null) {
            jofBuilder.setWhenQueueFull(whenQueueFull);
        }
        JofSpoutConfig jof = jofBuilder.build();
        Config conf = YsbTopology.config(workers);
        if (handlers != null) {
            conf.put("cloudprofiler.handlers", handlers);
        }
        ProfiledTopologyBuilder.checkConfig(conf);
        String taken = takenPort(jof.endpoints(spoutTasks));
        if (taken != null) {
            System.out.println("PROBLEM: " + taken + " is in use, so a JofSpout could not bind"
                    + " its receiver there; choose other ports with --port");
            return 2;
        }
        Map<String, String> campaigns = Generator.ysbAdCampaigns(seed);
        CampaignWindows.clear(TOPOLOGY);

        Path nodeDirectory = Path.of(CloudProfiler.logDirectory());
        // An earlier run's counts in a reused log directory are not this run's.
        for (Path stale : DropsFile.filesOf(nodeDirectory, YsbStages.EVENTS)) {
            Files.delete(stale);
        }
        System.out.printf(Locale.ROOT, "YSB on a LocalCluster: %,d tuples/s for %d s, %d spout"
                + " task(s), %d task(s) per bolt; logs in %s%n", tuplesPerSecond, seconds,
                spoutTasks, boltTasks, nodeDirectory);
        GeneratorResult result;
        boolean ended;
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology(TOPOLOGY, conf, YsbTopology.profiled(new JofSpout(jof),
                    spoutTasks, boltTasks, campaigns));
            // The spouts bind their JOF receivers when they open; the generator waits for them.
            try (Generator generator = Generator.builder().payload(Payload.ysb()).seed(seed)
                    .endpoints(jof.endpoints(spoutTasks)).tuplesPerSecond(tuplesPerSecond)
                    .duration(Duration.ofSeconds(seconds)).connectTimeout(Duration.ofSeconds(120))
                    // A full queue waits: the markers queue behind the backlog, which may take
                    // as long as the pills.
                    .markerTimeout(endTimeout)
                    .logSends(true).onSecond(YsbLocalRun::printSecond).build()) {
                generator.start();
                result = generator.awaitEnd();
            }
            ended = LocalRunMonitor.awaitRunEnd(TOPOLOGY, endTimeout);
            KillOptions kill = new KillOptions();
            kill.set_wait_secs(0);
            // Killing closes every task's channels, which flushes their logs.
            cluster.killTopologyWithOpts(TOPOLOGY, kill);
        }
        return report(result, ended, jofDrops(nodeDirectory));
    }

    /** The first of {@code endpoints} (tcp://host:port) that cannot be bound now, or null. */
    private static String takenPort(List<String> endpoints) {
        for (String endpoint : endpoints) {
            URI uri = URI.create(endpoint);
            try {
                new ServerSocket(uri.getPort(), 1, InetAddress.getByName(uri.getHost())).close();
            } catch (IOException inUse) {
                return endpoint;
            }
        }
        return null;
    }

    private static void printSecond(GeneratorStats second) {
        if (!second.last()) {
            System.out.printf(Locale.ROOT, "  generator second %3d: %,10.0f tuples/s, lag p99"
                    + " %,.3f ms, %,d dropped%n", second.second(),
                    second.achievedTuplesPerSecond(), second.lagP99Ns() / 1e6,
                    second.droppedTuples());
        }
    }

    /** Tuples the spouts' full JOF queues dropped, from the drops.json each left (JofSpout). */
    private static long jofDrops(Path nodeDirectory) throws IOException {
        long dropped = 0;
        for (Path drops : DropsFile.filesOf(nodeDirectory, YsbStages.EVENTS)) {
            for (DropsSource source : DropsFile.read(drops)) {
                dropped += source.counts().getOrDefault("tuplesDropped", 0L);
            }
        }
        return dropped;
    }

    private int report(GeneratorResult result, boolean ended, long jofDropped) {
        Map<WindowKey, Long> windows = CampaignWindows.of(TOPOLOGY);
        long views = windows.values().stream().mapToLong(Long::longValue).sum();
        System.out.printf(Locale.ROOT, "generator: %,d tuples sent at %,.0f tuples/s, %,d"
                + " dropped%n", result.sentTuples(), result.achievedTuplesPerSecond(),
                result.droppedTuples());
        System.out.printf(Locale.ROOT, "sink: %,d views counted in %,d campaign windows of %d"
                + " s%n", views, windows.size(), TumblingWindows.YSB.windowMs() / 1000);
        int code = 0;
        if (jofDropped > 0) {
            System.out.printf(Locale.ROOT, "PROBLEM: the JofSpouts' queues were full and dropped"
                    + " %,d tuples (counts in %s/*/drops.json): the topology did not keep up with"
                    + " %,d tuples/s here; use a lower --rate%n", jofDropped, YsbStages.EVENTS,
                    tuplesPerSecond);
            code = 1;
        }
        for (String problem : result.problems()) {
            System.out.println("PROBLEM: " + problem);
            code = 1;
        }
        if (!ended) {
            System.out.println("PROBLEM: the poison pills did not reach every task within "
                    + endTimeout.toSeconds() + " s: " + LocalRunMonitor.progress(TOPOLOGY)
                    + "; the logs hold what was recorded until then (a lower --rate keeps up)");
            code = 1;
        }
        return code;
    }
}
