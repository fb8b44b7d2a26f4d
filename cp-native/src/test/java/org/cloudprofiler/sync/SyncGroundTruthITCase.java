package org.cloudprofiler.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.cloudprofiler.testing.ChildJvm;
import org.cloudprofiler.testing.SyncAgentChild;
import org.cloudprofiler.testing.netns.NetworkNamespaces;
import org.cloudprofiler.testing.netns.NetworkNode;
import org.cloudprofiler.testing.netns.RelaySettings;
import org.cloudprofiler.testing.netns.TupleRelayNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The product's core promise, proven against ground truth: three nodes, each a process pair
 * (sync agent, workload) in its own network namespace, with skewed and offset clocks and one
 * asymmetric sync path. Tuple ids travel a TCP ring; every duration translated with the sync
 * data must lie within its reported bound of the truth, which the raw TSC in the logs gives
 * (all processes of one machine share one TSC).
 */
class SyncGroundTruthITCase {
    static final List<SkewedNode> NODES = List.of(
            new SkewedNode("n0", 0, 4_000_000_000_000L, 0),
            new SkewedNode("n1", 80_000, -1_500_000_000_000L, 0),
            new SkewedNode("n2", -50_000, 9_000_000_000_000L, 30_000));
    private static final long TUPLES = 40_000;
    private static final long RATE_PER_SECOND = 8_000;
    private static final int RELAY_BASE_PORT = 47_400;
    private static final long DEADLINE_MS = 60_000;
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path logRoot;

    @Test
    void everyTranslatedDurationLiesWithinItsBoundOfTheTruth() throws Exception {
        NetworkNamespaces network = NetworkNamespaces.create(NODES.size());
        System.out.println(network.isolated() ? "ground truth over " + network
                : "ground truth WITHOUT network namespaces (" + network + ")");
        SyncData sync;
        try (network) {
            sync = run(network);
        }
        printSync(sync);
    }

    /** Agents, start phase, the workload, end phase; returns what the server measured. */
    private SyncData run(NetworkNamespaces network) throws Exception {
        String serverHost = network.isolated() ? network.hostIp() : "127.0.0.1";
        List<ChildJvm> children = new ArrayList<>();
        try (SyncServer server = SyncServer.start(serverHost, 0, "ground-truth")) {
            for (int i = 0; i < NODES.size(); i++) {
                NetworkNode node = network.node(i);
                children.add(ChildJvm.start(node::command, SyncAgentChild.class,
                        List.of("-XX:+UseSerialGC"),
                        NODES.get(i).environment(logRoot.toString()), serverHost,
                        String.valueOf(server.port()), NODES.get(i).id(), "ground-truth"));
            }
            server.awaitNodes(NODES.size(), WAIT);
            assertNoProblems(server.runPhase(SyncPhase.START, SyncServer.DEFAULT_EXCHANGES, true,
                    SyncServer.DEFAULT_EXCHANGE_TIMEOUT));
            runWorkload(network);
            assertNoProblems(server.runPhase(SyncPhase.END, SyncServer.DEFAULT_EXCHANGES, true,
                    SyncServer.DEFAULT_EXCHANGE_TIMEOUT));
            assertEquals(NODES.size(), server.shutdownAgents(WAIT));
            for (ChildJvm agent : children) {
                assertEquals(0, agent.awaitExit(WAIT.toMillis()), agent.stderr());
            }
            return server.data();
        } finally {
            children.forEach(ChildJvm::close);
        }
    }

    private void runWorkload(NetworkNamespaces network) throws Exception {
        List<ChildJvm> relays = new ArrayList<>();
        try {
            for (int i = 0; i < NODES.size(); i++) {
                NetworkNode node = network.node(i);
                RelaySettings settings = RelaySettings.ring(network, i, RELAY_BASE_PORT, TUPLES,
                        NODES.size(), RATE_PER_SECOND, DEADLINE_MS);
                relays.add(ChildJvm.start(node::command, TupleRelayNode.class,
                        List.of("-XX:+UseSerialGC"), NODES.get(i).environment(logRoot.toString()),
                        settings.toArgs().toArray(String[]::new)));
            }
            for (ChildJvm relay : relays) {
                assertEquals(0, relay.awaitExit(DEADLINE_MS + 10_000), relay.stderr());
                assertTrue(relay.stdout().contains("DONE " + TUPLES), relay.stdout().toString());
            }
        } finally {
            relays.forEach(ChildJvm::close);
        }
    }

    private static void assertNoProblems(PhaseReport report) {
        assertEquals(List.of(), report.problems());
        assertEquals(NODES.size() * (NODES.size() - 1), report.phase().pairs().size());
    }

    private static void printSync(SyncData sync) {
        for (SyncPhase phase : sync.phases()) {
            for (PairMeasurement pair : phase.pairs()) {
                long hz = sync.nodes().stream().filter(n -> n.id().equals(pair.from()))
                        .findFirst().orElseThrow().tscHz();
                System.out.printf(Locale.ROOT, "%-5s %s->%s min RTT %.2f us (bound ±%.2f us),"
                        + " %d/%d exchanges%n", phase.name(), pair.from(), pair.to(),
                        pair.min().rttTicks() * 1e6 / hz, pair.min().rttTicks() * 0.5e6 / hz,
                        pair.exchanges(), pair.exchanges() + pair.lost());
            }
        }
    }
}
