package org.cloudprofiler.netns;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One node of a {@link NetworkNamespaces} set: its address and how to start a process there.
 * The same calls work whether the node has its own namespace or shares the root one.
 */
public final class NetworkNode {
    private final int index;
    private final String ip;
    private final List<String> commandPrefix;
    private final boolean ownNamespace;

    NetworkNode(int index, String ip, List<String> commandPrefix, boolean ownNamespace) {
        this.index = index;
        this.ip = ip;
        this.commandPrefix = List.copyOf(commandPrefix);
        this.ownNamespace = ownNamespace;
    }

    /** Position in the set, from 0. */
    public int index() {
        return index;
    }

    /** The IPv4 address processes of this node bind to and others connect to. */
    public String ip() {
        return ip;
    }

    /**
     * The port for a service that every node runs on {@code basePort}: the port itself when the
     * node has its own namespace, {@code basePort + index} when all nodes share the loopback.
     */
    public int port(int basePort) {
        return ownNamespace ? basePort : basePort + index;
    }

    /**
     * {@code command} made to run in this node's namespace ({@code ip netns exec <ns> ...}, which
     * execs it in place, so the process started is the command itself); unchanged in fallback.
     */
    public List<String> command(List<String> command) {
        Objects.requireNonNull(command, "command");
        List<String> prefixed = new ArrayList<>(commandPrefix);
        prefixed.addAll(command);
        return prefixed;
    }

    @Override
    public String toString() {
        return "node " + index + " at " + ip;
    }
}
