package org.cloudprofiler.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.cloudprofiler.sync.SyncAgent;
import org.cloudprofiler.sync.SyncAgentCounters;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Runs this node's clock-sync agent until the sync server ends the session. Start one on every
 * node of the run; it answers other agents' exchanges and runs its own when the server asks.
 */
@Command(name = "sync-agent", description = "Take part in clock synchronisation for this node"
        + " until the sync server ends the session.")
public final class SyncAgentCommand implements Callable<Integer> {

    @Option(names = "--server", required = true, description = "The sync server, host:port.")
    String server;

    @Option(names = "--node-id", description = "This node's id (default: CP_NODE_ID, else the"
            + " host name: what the node's logs carry).")
    String nodeId;

    @Option(names = "--bind", description = "Address to answer on (default: the one that"
            + " routes to the server).")
    String bind;

    @Option(names = "--port", description = "UDP port to answer on; TCP for transfer sweeps"
            + " uses the same number (default: any free one).")
    int port;

    @Option(names = "--token", description = "The server's shared token (default: none).")
    String token = "";

    @Option(names = "--timeout", converter = DurationConverter.class,
            description = "Give up after this long without a word from the server"
                    + " (default: 10s).")
    Duration timeout = Duration.ofSeconds(10);

    @Override
    public Integer call() throws Exception {
        if (timeout.toMillis() < 2_000) {
            throw new IllegalArgumentException("--timeout must be at least 2s: the server sends"
                    + " a heartbeat every second");
        }
        int colon = server.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("--server " + server + " is not host:port");
        }
        SyncAgent.Options options = SyncAgent.Options.of(server.substring(0, colon),
                Integer.parseInt(server.substring(colon + 1))).withNodeId(nodeId)
                .withBind(bind, port).withToken(token).withServerTimeout(timeout);
        try (SyncAgent agent = SyncAgent.create(options)) {
            Thread hook = new Thread(agent::stop, "cp-sync-agent-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            System.out.println("sync agent " + (nodeId == null ? SyncAgent.defaultNodeId()
                    : nodeId) + " on " + agent.address() + ", server " + server);
            SyncAgent.Result result = agent.run();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Stopped by the hook itself.
            }
            SyncAgentCounters counters = agent.counters();
            System.out.printf(Locale.ROOT, "answered %d exchanges, ran %d (%d lost); dropped"
                    + " %d malformed, %d oversized and %d other-token datagrams%n",
                    counters.pingsAnswered(), counters.exchangesCompleted(),
                    counters.exchangesLost(), counters.malformed(), counters.oversized(),
                    counters.wrongToken());
            if (result.failed()) {
                System.err.println("error: " + result.message());
                return 1;
            }
            System.out.println(result.message());
            return 0;
        }
    }
}
