package org.cloudprofiler.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.cloudprofiler.sync.service.SyncAgent;
import org.cloudprofiler.sync.service.SyncAgentCounters;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Runs this node's clock-sync agent until the sync server ends the session. Start one on every
 * node of the run; it answers other agents' exchanges and runs its own when the server asks.
 */
@Command(name = "sync-agent", mixinStandardHelpOptions = true,
        versionProvider = CloudProfilerCommand.Version.class,
        description = "Take part in clock synchronisation for this node until the sync server"
                + " ends the session.")
public final class SyncAgentCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

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

    @Mixin
    SharedSecretOptions secret;

    @Option(names = "--timeout", converter = DurationConverter.class,
            description = "Give up after this long without a word from the server"
                    + " (default: 10s).")
    Duration timeout = Duration.ofSeconds(10);

    @Override
    public Integer call() throws Exception {
        if (timeout.toMillis() < 2_000) {
            throw new ParameterException(spec.commandLine(), "--timeout must be at least 2s, not "
                    + timeout.toMillis() + " ms: the server sends a heartbeat every second");
        }
        if (port < 0 || port > 65535) {
            throw new ParameterException(spec.commandLine(), "--port must be a UDP port, 0 to"
                    + " 65535, not " + port);
        }
        int colon = server.lastIndexOf(':');
        int serverPort = colon <= 0 ? -1 : portOrMinusOne(server.substring(colon + 1));
        if (serverPort < 1 || serverPort > 65535) {
            throw new ParameterException(spec.commandLine(), "--server \"" + server + "\" is not"
                    + " host:port; give the address and --port the sync server listens on,"
                    + " e.g. 10.0.0.1:7711");
        }
        // The agent answers on the address that routes to its server unless --bind says.
        String serverHost = server.substring(0, colon);
        String token = bind != null ? secret.secretFor(spec, bind, "this sync agent")
                : secret.secretFor(spec, serverHost, "this sync agent",
                        "on the network of its server " + serverHost);
        SyncAgent.Options options = SyncAgent.Options.of(server.substring(0, colon), serverPort)
                .withNodeId(nodeId).withBind(bind, port).withToken(token)
                .withServerTimeout(timeout);
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
                    + " %d malformed, %d oversized, %d of another protocol version, %d"
                    + " unauthenticated, %d of another session, %d replayed and %d out-of-bounds"
                    + " datagrams%n", counters.pingsAnswered(), counters.exchangesCompleted(),
                    counters.exchangesLost(), counters.malformed(), counters.oversized(),
                    counters.wrongVersion(), counters.unauthenticated(), counters.wrongSession(),
                    counters.replayed(), counters.outOfBounds());
            if (result.failed()) {
                System.err.println("error: " + result.message());
                return 1;
            }
            System.out.println(result.message());
            return 0;
        }
    }

    private static int portOrMinusOne(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
