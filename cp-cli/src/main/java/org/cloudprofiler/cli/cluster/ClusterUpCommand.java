package org.cloudprofiler.cli.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import org.cloudprofiler.cli.CloudProfilerCommand;
import org.cloudprofiler.cli.DurationConverter;
import org.cloudprofiler.cluster.ClusterEngine;
import org.cloudprofiler.cluster.ClusterEngines;
import org.cloudprofiler.cluster.ClusterLayout;
import org.cloudprofiler.cluster.ClusterProcess;
import org.cloudprofiler.cluster.ClusterState;
import org.cloudprofiler.cluster.ClusterState.RecordedProcess;
import org.cloudprofiler.cluster.FlinkCluster;
import org.cloudprofiler.cluster.LocalCluster;
import org.cloudprofiler.cluster.StormCluster;
import org.cloudprofiler.netns.NetworkNamespaces;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code cluster up}: makes the nodes and starts every engine's processes, each waited for
 * before the next. The cluster keeps running after the command exits. Whatever was started is
 * stopped again, and the nodes removed, if starting fails or is interrupted (Ctrl-C, SIGTERM).
 */
@Command(name = "up", mixinStandardHelpOptions = true,
        versionProvider = CloudProfilerCommand.Version.class,
        description = "Start the local cluster; it runs until 'cloudprofiler cluster down'.")
final class ClusterUpCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    ClusterOptions cluster;

    @Option(names = "--nodes", description = "Nodes: node 0 for the coordinators and the"
            + " generator, the others for the workers (default: ${DEFAULT-VALUE}).")
    int nodes = 3;

    @Option(names = "--engines", split = ",", description = "The engines to start, in order"
            + " (default: all of ${COMPLETION-CANDIDATES}).", completionCandidates =
            EngineNames.class)
    List<String> engines;

    @Option(names = "--profile", description = "Profile every job and topology submitted to the"
            + " cluster, unchanged: Flink's client submits through execution.target:"
            + " cloudprofiler (docs/flink.md), Storm's Nimbus runs ProfilingTopologyValidator"
            + " (docs/storm.md).")
    boolean profile;

    @Option(names = "--loopback", description = "Share the loopback even where network"
            + " namespaces could be made.")
    boolean loopback;

    @Option(names = "--startup-timeout", converter = DurationConverter.class,
            description = "How long one process may take to be ready (default: 120s).")
    Duration startupTimeout = Duration.ofSeconds(120);

    @Override
    public Integer call() throws Exception {
        Map<String, ClusterEngine> known = ClusterEngines.byName();
        if (profile) {
            known.put(FlinkCluster.NAME, FlinkCluster.profilingEveryJob());
            known.put(StormCluster.NAME, StormCluster.profilingEveryTopology());
        }
        List<String> chosen = engines == null ? List.copyOf(known.keySet()) : engines;
        if (chosen.size() != Set.copyOf(chosen).size()) {
            throw new ParameterException(spec.commandLine(), "--engines names an engine twice: "
                    + String.join(",", chosen));
        }
        for (String engine : chosen) {
            if (!known.containsKey(engine)) {
                throw new ParameterException(spec.commandLine(), "--engines: no engine \""
                        + engine + "\"; choose from " + String.join(", ", known.keySet()));
            }
        }
        if (nodes < 2 || nodes > NetworkNamespaces.MAX_NODES) {
            throw new ParameterException(spec.commandLine(), "--nodes must be 2 to "
                    + NetworkNamespaces.MAX_NODES + ", not " + nodes);
        }
        refuseIfUp();
        checkBuilt(chosen, cluster.repository());
        LocalCluster local = LocalCluster.create(cluster.directory, nodes, !loopback, chosen,
                cluster.repository());
        Thread undo = new Thread(() -> tearDownQuietly(local), "cluster-up-undo");
        Runtime.getRuntime().addShutdownHook(undo);
        boolean up = false;
        try {
            System.out.println("nodes: " + local.describeNodes());
            for (String engine : chosen) {
                start(local, known.get(engine));
            }
            up = true;
        } finally {
            if (!up) {
                System.err.println("stopping what was started");
                tearDownQuietly(local);
            }
            try {
                Runtime.getRuntime().removeShutdownHook(undo);
            } catch (IllegalStateException shuttingDown) {
                // The hook runs; tearDown() is idempotent.
            }
        }
        System.out.println();
        for (String engine : chosen) {
            for (String line : known.get(engine).addresses(local.layout())) {
                System.out.println(engine + ": " + line);
            }
        }
        System.out.println("profiling logs: " + local.layout().logDirectory()
                + "/<engine>/<node>");
        System.out.println("stop it with: cloudprofiler cluster down --dir "
                + cluster.directory);
        return 0;
    }

    private void refuseIfUp() throws IOException {
        if (ClusterState.read(cluster.directory).isEmpty()) {
            return;
        }
        throw new IOException("a cluster is recorded in " + cluster.directory
                + " (cluster.json): stop it first with 'cloudprofiler cluster down --dir "
                + cluster.directory + "'");
    }

    /** Each engine's jar list before any node is made: a missing one is a build not yet made. */
    private static void checkBuilt(List<String> engines, Path repository) throws IOException {
        for (String engine : engines) {
            Path classpath = ClusterLayout.engineClasspathFile(repository, engine);
            if (!Files.isRegularFile(classpath)) {
                throw new IOException(classpath + " is missing: the " + engine + " jars are"
                        + " listed there by the build; run 'make build' in " + repository);
            }
        }
    }

    private void start(LocalCluster local, ClusterEngine engine)
            throws IOException, InterruptedException {
        List<ClusterProcess> processes = new ArrayList<>(engine.processes(local.layout()));
        for (ClusterProcess process : processes) {
            long began = System.nanoTime();
            RecordedProcess started = local.start(process);
            local.awaitReady(process, started, startupTimeout);
            System.out.printf(Locale.ROOT, "%s: %s on node %d ready in %.1f s (pid %d)%n",
                    engine.name(), process.name(), process.node().index(),
                    (System.nanoTime() - began) / 1e9, started.pid());
        }
    }

    private static void tearDownQuietly(LocalCluster local) {
        try {
            local.tearDown();
        } catch (IOException | RuntimeException e) {
            System.err.println("error: " + e.getMessage());
        }
    }

    /** The engine names, for --help. */
    static final class EngineNames extends ArrayList<String> {
        EngineNames() {
            super(ClusterEngines.byName().keySet());
        }
    }
}
