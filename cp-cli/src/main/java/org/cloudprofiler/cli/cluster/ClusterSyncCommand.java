package org.cloudprofiler.cli.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.cloudprofiler.cli.CloudProfilerCommand;
import org.cloudprofiler.cli.DurationConverter;
import org.cloudprofiler.cluster.ClusterLayout;
import org.cloudprofiler.cluster.ClusterProcess;
import org.cloudprofiler.cluster.LocalCluster;
import org.cloudprofiler.cluster.Readiness;
import org.cloudprofiler.netns.NetworkNode;
import org.cloudprofiler.sync.DriftModel;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code cluster sync --around '<command>'}: a sync agent on every node and the sync server in
 * the root namespace, which takes the start phase and the transfer sweep, runs the command, and
 * takes the end phase when it exits, with mid phases in between ({@code sync-server --around},
 * with the cluster's nodes filled in). The agents stay until the server is done, also when it
 * is interrupted.
 */
@Command(name = "sync", mixinStandardHelpOptions = true,
        versionProvider = CloudProfilerCommand.Version.class,
        description = "Take the clock-sync phases of every node around a command (a run) and"
                + " write sync.json; exits with the command's exit code if it failed.")
final class ClusterSyncCommand implements Callable<Integer> {
    private static final long AGENTS_WAIT_SECONDS = 60;

    @Spec
    private CommandSpec spec;

    @Mixin
    ClusterOptions cluster;

    @Option(names = "--around", required = true, paramLabel = "<command>",
            description = "The run, with /bin/sh -c, e.g. 'cloudprofiler cluster exec -- ...'.")
    String around;

    @Option(names = "--out", description = "sync.json's path (default: ${DEFAULT-VALUE}).")
    Path out = Path.of("sync.json");

    @Option(names = "--port", description = "The sync server's UDP port (default:"
            + " ${DEFAULT-VALUE}).")
    int port = 7711;

    @Option(names = "--mid-interval", converter = DurationConverter.class,
            description = "A mid phase this often during the run; 0s for none (default: 10s,"
                    + " as sync-server's).")
    Duration midInterval = DriftModel.DEFAULT_MID_INTERVAL;

    /** The session's secret, in the cluster's directory. */
    static final String SECRET_FILE = "sync-secret";

    @Override
    public Integer call() throws Exception {
        LocalCluster local = LocalCluster.open(cluster.directory, cluster.repository());
        ClusterLayout layout = local.layout();
        Path token = writeSecret(cluster.directory.resolve(SECRET_FILE));
        List<String> agents = new CopyOnWriteArrayList<>(); // read by the hook's thread
        CountDownLatch serverDone = new CountDownLatch(1);
        Thread stopAgents = new Thread(() -> {
            try {
                serverDone.await(AGENTS_WAIT_SECONDS, TimeUnit.SECONDS);
                local.stop(agents);
            } catch (Exception e) {
                System.err.println("error: stopping the sync agents: " + e.getMessage());
            }
        }, "cluster-sync-agents");
        Runtime.getRuntime().addShutdownHook(stopAgents);
        int status;
        try {
            for (NetworkNode node : layout.nodes()) {
                String name = "sync-agent-" + ClusterLayout.nodeId(node);
                local.start(agent(layout, node, name, token));
                agents.add(name);
            }
            CommandLine server = spec.root().commandLine().getSubcommands().get("sync-server");
            status = server.execute("--bind", layout.hostIp(), "--port", Integer.toString(port),
                    "--nodes", Integer.toString(layout.nodes().size()), "--token-file",
                    token.toString(), "--sweep", "--out", out.toString(), "--around", around,
                    "--mid-interval", midInterval.toMillis() + "ms");
        } finally {
            serverDone.countDown();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(stopAgents);
            local.stop(agents);
        } catch (IllegalStateException shuttingDown) {
            // The hook stops them.
        }
        return status;
    }

    /**
     * A new random secret for this session, in a file only its owner reads: it keys every sync
     * datagram's MAC (the nodes' network is not loopback), and a file keeps it out of ps.
     */
    private static Path writeSecret(Path file) throws IOException {
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, HexFormat.of().formatHex(secret) + "\n");
        return file.toAbsolutePath();
    }

    private ClusterProcess agent(ClusterLayout layout, NetworkNode node, String name,
            Path token) {
        List<String> command = new ArrayList<>(List.of(layout.javaBinary().toString(), "-cp",
                System.getProperty("java.class.path"), CloudProfilerCommand.class.getName(),
                "sync-agent", "--server", layout.hostIp() + ":" + port, "--node-id",
                ClusterLayout.nodeId(node), "--token-file", token.toString(), "--timeout",
                "30s"));
        return new ClusterProcess(name, node, command, Map.of(), Readiness.started());
    }
}
