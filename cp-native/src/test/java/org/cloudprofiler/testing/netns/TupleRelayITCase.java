package org.cloudprofiler.testing.netns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.log.LogTrailer;
import org.cloudprofiler.netns.NetworkNamespaces;
import org.cloudprofiler.netns.NetworkNode;
import org.cloudprofiler.testing.ChannelLogs;
import org.cloudprofiler.testing.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three JVMs, each in its own network namespace where this machine allows it, pass 20,000 tuple
 * ids once around a TCP ring. Their logs must hold exactly one send and one receive record per id
 * and hop, and, since all processes read one physical TSC, no receive may precede its send.
 */
class TupleRelayITCase {
    private static final int NODES = 3;
    private static final long TUPLES = 20_000;
    private static final long RATE_PER_SECOND = 5_000;
    private static final int BASE_PORT = 47_300;
    private static final long DEADLINE_MS = 45_000;

    @TempDir
    Path logRoot;

    @Test
    void everyIdCrossesEveryHopOnceAndArrivesAfterItWasSent() throws Exception {
        NetworkNamespaces network = NetworkNamespaces.create(NODES);
        System.out.println(network.isolated()
                ? "tuple relay over " + network
                : "tuple relay WITHOUT network namespaces: " + network);
        try (network) {
            runRing(network);
        }
        assertEquals(List.of(), network.remaining(), "left behind by close()");

        long tscHz = CloudProfiler.tscHz();
        System.out.printf("%-9s %7s %10s %10s %10s%n", "hop", "count", "min µs", "p50 µs",
                "max µs");
        for (int from = 0; from < NODES; from++) {
            int to = (from + 1) % NODES;
            Map<Long, Long> sent = readIds(from, TupleRelayNode.sendChannel(from, to));
            Map<Long, Long> received = readIds(to, TupleRelayNode.receiveChannel(from, to));
            long[] latencyTicks = new long[received.size()];
            int index = 0;
            List<Long> early = new ArrayList<>();
            for (Map.Entry<Long, Long> receipt : received.entrySet()) {
                long ticks = receipt.getValue() - sent.get(receipt.getKey());
                latencyTicks[index++] = ticks;
                if (ticks < 0) {
                    early.add(receipt.getKey());
                }
            }
            Arrays.sort(latencyTicks);
            System.out.printf("%-9s %7d %10.1f %10.1f %10.1f%n", nodeId(from) + "->" + nodeId(to),
                    latencyTicks.length, micros(latencyTicks[0], tscHz),
                    micros(latencyTicks[latencyTicks.length / 2], tscHz),
                    micros(latencyTicks[latencyTicks.length - 1], tscHz));
            String hop = nodeId(from) + "->" + nodeId(to);
            assertTrue(early.isEmpty(), () -> early.size() + " ids received before they were"
                    + " sent on " + hop + ", e.g. " + early.subList(0, Math.min(10, early.size())));
        }
    }

    private void runRing(NetworkNamespaces network) throws Exception {
        List<ChildJvm> nodes = new ArrayList<>();
        try {
            for (NetworkNode node : network.nodes()) {
                RelaySettings settings = RelaySettings.ring(network, node.index(), BASE_PORT,
                        TUPLES, NODES, RATE_PER_SECOND, DEADLINE_MS);
                // Serial GC: no GC threads competing for this machine's few cores.
                nodes.add(ChildJvm.start(node::command, TupleRelayNode.class,
                        List.of("-XX:+UseSerialGC"),
                        Map.of("CP_NODE_ID", nodeId(node.index()), "CP_LOG_DIR",
                                logRoot.toString()),
                        settings.toArgs().toArray(String[]::new)));
            }
            for (int i = 0; i < NODES; i++) {
                ChildJvm node = nodes.get(i);
                assertTrue(node.awaitLine("READY", DEADLINE_MS),
                        nodeId(i) + " never listened:\n" + node.stderr());
            }
            for (int i = 0; i < NODES; i++) {
                ChildJvm node = nodes.get(i);
                assertEquals(0, node.awaitExit(DEADLINE_MS + 10_000),
                        nodeId(i) + " failed:\n" + node.stderr());
                assertTrue(node.stdout().contains("DONE " + TUPLES),
                        nodeId(i) + " printed " + node.stdout());
            }
        } finally {
            nodes.forEach(ChildJvm::close);
        }
    }

    /** Tuple id to TSC of one channel's log, which must be clean and hold every id once. */
    private Map<Long, Long> readIds(int node, String channel) throws Exception {
        Path file = ChannelLogs.find(logRoot.resolve(nodeId(node)), channel);
        try (LogReader reader = LogReader.open(file)) {
            List<long[]> rows = ChannelLogs.rows(reader);
            assertEquals(List.of(), reader.problems(), file.toString());
            LogTrailer trailer = reader.trailer();
            assertNotNull(trailer, file + " has no trailer");
            assertEquals(LogTrailer.CLOSED_BY_CALL, trailer.closeReason(), file.toString());
            int idColumn = reader.header().columnIndex("id");
            int tscColumn = reader.header().columnIndex("tsc");
            Map<Long, Long> tscById = new HashMap<>();
            for (long[] row : rows) {
                Long before = tscById.put(row[idColumn], row[tscColumn]);
                assertNull(before, channel + ": id " + row[idColumn] + " twice");
            }
            assertEquals(TUPLES, rows.size(), channel + " records");
            for (long sequence = 0; sequence < TUPLES; sequence++) {
                long id = TupleRelayNode.tupleId(0, sequence);
                assertTrue(tscById.containsKey(id), channel + " lacks id " + id);
            }
            return tscById;
        }
    }

    private static String nodeId(int index) {
        return "n" + index;
    }

    private static double micros(long ticks, long tscHz) {
        return ticks * 1e6 / tscHz;
    }
}
