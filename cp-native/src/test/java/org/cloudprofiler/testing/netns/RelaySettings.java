package org.cloudprofiler.testing.netns;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.cloudprofiler.netns.NetworkNamespaces;
import org.cloudprofiler.netns.NetworkNode;

/**
 * What one {@link TupleRelayNode} does, as it travels on the command line ({@code key=value}
 * arguments). Node 0 originates the ids; each id makes {@code hops} hops around the ring of
 * {@code nodes}, at most one lap, so every link carries an id at most once.
 *
 * @param index this node's position in the ring, from 0
 * @param nodes ring size, at least 2
 * @param listenHost address to accept the predecessor's connection on
 * @param listenPort port to accept it on
 * @param nextHost address of the successor, node {@code (index + 1) mod nodes}
 * @param nextPort port of the successor
 * @param tuples ids node 0 originates
 * @param hops hops each id makes, 1 to {@code nodes}; {@code nodes} brings it back to node 0
 * @param ratePerSecond ids node 0 originates per second
 * @param deadlineMs how long the node may take in all: every connect, accept and read waits at
 *     most until then, and a node still blocked a second later ends itself
 * @param returnTrip empty, or {@code host:port} of node 0's {@code RET_START} ack port: node 0
 *     then also logs each id it originates there, and node 1 acknowledges each id it receives
 *     from node 0 with {@code RET_END} (the paper's return-trip baseline)
 */
public record RelaySettings(
        int index,
        int nodes,
        String listenHost,
        int listenPort,
        String nextHost,
        int nextPort,
        long tuples,
        int hops,
        long ratePerSecond,
        long deadlineMs,
        String returnTrip) {

    /** Sequence numbers fit below the origin bits of {@link TupleRelayNode#tupleId}. */
    static final long MAX_TUPLES = 1L << 40;

    public RelaySettings {
        require(nodes >= 2, "nodes must be at least 2, not " + nodes);
        require(index >= 0 && index < nodes, "index " + index + " is not in 0-" + (nodes - 1));
        require(hops >= 1 && hops <= nodes, "hops must be in 1-" + nodes + ", not " + hops);
        require(tuples >= 0 && tuples <= MAX_TUPLES, "tuples " + tuples + " out of range");
        require(ratePerSecond > 0, "rate must be positive, not " + ratePerSecond);
        require(deadlineMs > 0, "deadline-ms must be positive, not " + deadlineMs);
        require(validPort(listenPort), "listen port " + listenPort + " is not in 1-65535");
        require(validPort(nextPort), "next port " + nextPort + " is not in 1-65535");
    }

    /**
     * The settings of node {@code index} in a ring over {@code network}: each node listens on
     * its IP and {@link NetworkNode#port(int) port} for {@code basePort}.
     */
    public static RelaySettings ring(NetworkNamespaces network, int index, int basePort,
            long tuples, int hops, long ratePerSecond, long deadlineMs) {
        NetworkNode self = network.node(index);
        NetworkNode next = network.node((index + 1) % network.size());
        return new RelaySettings(index, network.size(), self.ip(), self.port(basePort),
                next.ip(), next.port(basePort), tuples, hops, ratePerSecond, deadlineMs, "");
    }

    /** These settings with the return-trip baseline at {@code host:port} (see the record). */
    public RelaySettings withReturnTrip(String hostAndPort) {
        return new RelaySettings(index, nodes, listenHost, listenPort, nextHost, nextPort,
                tuples, hops, ratePerSecond, deadlineMs, hostAndPort);
    }

    /**
     * Parses {@link #toArgs()}'s output.
     *
     * @throws IllegalArgumentException naming the bad or missing argument
     */
    public static RelaySettings parse(String... args) {
        Map<String, String> values = new HashMap<>();
        for (String arg : args) {
            int equals = arg.indexOf('=');
            require(equals > 0, "argument " + arg + " is not key=value");
            values.put(arg.substring(0, equals), arg.substring(equals + 1));
        }
        String[] listen = hostAndPort(values, "listen");
        String[] next = hostAndPort(values, "next");
        RelaySettings settings = new RelaySettings(
                integer(number(values, "index"), "index"),
                integer(number(values, "nodes"), "nodes"),
                listen[0], integer(number(listen[1], "listen"), "listen"),
                next[0], integer(number(next[1], "next"), "next"),
                number(values, "tuples"), integer(number(values, "hops"), "hops"),
                number(values, "rate"), number(values, "deadline-ms"),
                values.containsKey("ret") ? String.join(":", hostAndPort(values, "ret")) : "");
        require(values.isEmpty(), "unknown arguments " + values.keySet());
        return settings;
    }

    /** The command-line arguments that {@link #parse} reads back. */
    public List<String> toArgs() {
        List<String> args = new ArrayList<>(List.of("index=" + index, "nodes=" + nodes,
                "listen=" + listenHost + ":" + listenPort, "next=" + nextHost + ":" + nextPort,
                "tuples=" + tuples, "hops=" + hops, "rate=" + ratePerSecond,
                "deadline-ms=" + deadlineMs));
        if (!returnTrip.isEmpty()) {
            args.add("ret=" + returnTrip);
        }
        return args;
    }

    /** The node this one receives from. */
    public int predecessor() {
        return Math.floorMod(index - 1, nodes);
    }

    /** The node this one sends to. */
    public int successor() {
        return (index + 1) % nodes;
    }

    /** Whether ids leave this node: node 0 originates them, nodes before the last hop pass on. */
    public boolean sends() {
        return index < hops;
    }

    /** Whether ids arrive here: at hop {@code index - 1}, or back at node 0 after a full lap. */
    public boolean receives() {
        return index == 0 ? hops == nodes : index <= hops;
    }

    private static String[] hostAndPort(Map<String, String> values, String key) {
        String value = values.remove(key);
        require(value != null, "missing " + key + "=<host>:<port>");
        int colon = value.lastIndexOf(':');
        require(colon > 0, key + "=" + value + " is not <host>:<port>");
        return new String[] {value.substring(0, colon), value.substring(colon + 1)};
    }

    private static long number(Map<String, String> values, String key) {
        String value = values.remove(key);
        require(value != null, "missing " + key + "=<number>");
        return number(value, key);
    }

    private static long number(String value, String key) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + ": " + value + " is not a number");
        }
    }

    private static int integer(long value, String key) {
        require(value == (int) value, key + ": " + value + " is out of range");
        return (int) value;
    }

    private static boolean validPort(int port) {
        return port >= 1 && port <= 65535;
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
