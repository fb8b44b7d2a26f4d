package org.cloudprofiler.it;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeoutException;

import org.cloudprofiler.cluster.ClusterLayout;
import org.cloudprofiler.cluster.LocalCluster;
import org.cloudprofiler.cluster.Polling;
import org.cloudprofiler.cluster.Polling.Observation;
import org.cloudprofiler.examples.ysb.common.YsbStages;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.netns.NetworkNode;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.topology.TopologyFile;

/**
 * One run of the profiled YSB on the local cluster ({@code cloudprofiler cluster up}), as
 * {@code make demo} runs it inside {@code cloudprofiler cluster sync --around}: submits the
 * engine's submission ({@link StormYsbSubmission}, {@link FlinkYsbSubmission}), waits until
 * every source task is placed (its node's topology.json), runs the generator on node 0 at the
 * receivers of those nodes (queueing up to the whole run per receiver, at its default of one
 * bucket per millisecond, rather than dropping while a loaded machine stalls a task), and returns
 * once the run is over and every channel is flushed.
 *
 * <p>Arguments: {@code storm|flink CLUSTER-DIR RATE SECONDS}.
 */
public final class LocalClusterYsbRun {
    static final long SEED = 3;
    private static final Duration PLACEMENT_WAIT = Duration.ofSeconds(120);
    private static final Duration END_WAIT = Duration.ofSeconds(120);
    private static final Duration POLL = Duration.ofMillis(250);

    private final LocalCluster cluster;
    private final ClusterYsbEngine engine;
    private final Path jar;

    LocalClusterYsbRun(LocalCluster cluster, ClusterYsbEngine engine, Path jar) {
        this.cluster = cluster;
        this.engine = engine;
        this.jar = jar;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 4 || ClusterYsbEngine.named(args[0]) == null
                || !args[2].matches("[1-9][0-9]*") || !args[3].matches("[1-9][0-9]*")) {
            System.err.println("usage: " + LocalClusterYsbRun.class.getName()
                    + " storm|flink CLUSTER-DIR RATE SECONDS");
            System.exit(2);
        }
        Path jar = Path.of(LocalClusterYsbRun.class.getProtectionDomain().getCodeSource()
                .getLocation().toURI());
        try {
            LocalCluster cluster = LocalCluster.open(Path.of(args[1]),
                    Path.of("").toAbsolutePath());
            new LocalClusterYsbRun(cluster, ClusterYsbEngine.named(args[0]), jar)
                    .run(Long.parseLong(args[2]), Integer.parseInt(args[3]));
        } catch (IOException | TimeoutException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(1);
        }
    }

    /** Submits, feeds {@code rate} tuples/s for {@code seconds}, waits for the run's end. */
    void run(long rate, int seconds) throws Exception {
        ClusterLayout layout = cluster.layout();
        Path campaigns = layout.directory().resolve("ysb-campaigns.txt");
        CampaignTable.write(Generator.ysbAdCampaigns(SEED), campaigns);
        String name = "ysb-" + engine.name();
        long began = System.nanoTime();
        engine.submit(cluster, jar, name, campaigns);
        try {
            feedAndAwaitEnd(layout, name, rate, seconds, began);
        } catch (Exception e) {
            try {
                engine.cancel(cluster, name);
            } catch (Exception cancelling) {
                e.addSuppressed(cancelling);
            }
            throw e;
        }
    }

    private void feedAndAwaitEnd(ClusterLayout layout, String name, long rate, int seconds,
            long began) throws Exception {
        List<NetworkNode> sourceNodes = Polling.await("not every task of " + YsbStages.EVENTS
                + " was placed", PLACEMENT_WAIT, POLL,
                () -> Observation.ofNullable(sourceNodes(layout)));
        System.out.printf(Locale.ROOT, "%s: %s submitted, its sources on nodes %s (%.1f s)%n",
                engine.name(), name, sourceNodes.stream().map(NetworkNode::index).toList(),
                seconds(began));
        List<String> command = new ArrayList<>(List.of(layout.javaBinary().toString(), "-jar",
                layout.repository().resolve("cp-cli/target/cloudprofiler.jar").toString(), "gen",
                "--payload", "ysb", "--seed", Long.toString(SEED), "--log-sends", "--rate",
                Long.toString(rate), "--duration", seconds + "s", "--connect-timeout", "120s",
                "--marker-timeout", "120s", "--send-hwm", Integer.toString(1000 * seconds)));
        for (int task = 0; task < sourceNodes.size(); task++) {
            command.addAll(List.of("--endpoint", "tcp://" + sourceNodes.get(task).ip() + ":"
                    + engine.receiverPort(task)));
        }
        int generator = cluster.exec(layout.coordinator(), engine.name(), command);
        if (generator != 0) {
            throw new IOException("the generator failed (exit code " + generator + ")");
        }
        long ended = System.nanoTime();
        engine.awaitEnd(cluster, name, END_WAIT);
        System.out.printf(Locale.ROOT, "%s: %s ended and flushed %.1f s after the generator;"
                + " run took %.1f s%n", engine.name(), name, seconds(ended), seconds(began));
        // The sync server prints into the same terminal meanwhile: a script reads the file.
        Files.writeString(runSecondsFile(layout, engine.name()),
                String.format(Locale.ROOT, "%.1f%n", seconds(began)));
    }

    /**
     * Where a run writes how long it took, in seconds, for {@code make demo}'s timing: the
     * line it prints may be interleaved with the sync server's output around it.
     */
    private static Path runSecondsFile(ClusterLayout layout, String engine) {
        return layout.directory().resolve("ysb-" + engine + "-run-seconds.txt");
    }

    /** The node of each source task in task order, once all are placed; null until then. */
    private List<NetworkNode> sourceNodes(ClusterLayout layout) throws IOException {
        Map<Integer, NetworkNode> nodeOfTask = new TreeMap<>();
        int tasks = -1;
        Path logs = layout.logDirectory(engine.name());
        if (!Files.isDirectory(logs)) {
            return null;
        }
        try (DirectoryStream<Path> nodes = Files.newDirectoryStream(logs, "node-*")) {
            for (Path nodeDirectory : nodes) {
                Path file = nodeDirectory.resolve("topology.json");
                if (!Files.isRegularFile(file)) {
                    continue;
                }
                NetworkNode node = layout.nodes().get(Integer.parseInt(
                        nodeDirectory.getFileName().toString().substring("node-".length())));
                TopologyDescription topology = TopologyFile.read(file);
                // Every node's file lists every task; a host only for those that run there.
                for (TopologyDescription.Task task : topology.tasks()) {
                    if (YsbStages.EVENTS.equals(task.component()) && task.host() != null) {
                        nodeOfTask.put(task.id(), node);
                    }
                }
                for (TopologyDescription.Component component : topology.components()) {
                    if (YsbStages.EVENTS.equals(component.id())) {
                        tasks = component.tasks().size();
                    }
                }
            }
        }
        return tasks > 0 && nodeOfTask.size() == tasks ? new ArrayList<>(nodeOfTask.values())
                : null;
    }

    private static double seconds(long sinceNanos) {
        return (System.nanoTime() - sinceNanos) / 1e9;
    }
}
