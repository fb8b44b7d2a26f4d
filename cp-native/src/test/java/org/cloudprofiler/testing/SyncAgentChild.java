package org.cloudprofiler.testing;

import java.time.Duration;
import org.cloudprofiler.sync.service.SyncAgent;

/**
 * A child JVM running one node's sync agent:
 * {@code <server host> <server port> <node id> [<token>]}.
 * Prints {@code AGENT <address>} once bound and {@code RESULT <outcome>} when the session ends;
 * exits 1 if the agent failed.
 */
public final class SyncAgentChild {
    private SyncAgentChild() {}

    public static void main(String[] args) throws Exception {
        SyncAgent.Options options = SyncAgent.Options.of(args[0], Integer.parseInt(args[1]))
                .withNodeId(args[2]).withToken(args.length > 3 ? args[3] : "")
                .withServerTimeout(Duration.ofSeconds(30));
        try (SyncAgent agent = SyncAgent.create(options)) {
            System.out.println("AGENT " + agent.address());
            SyncAgent.Result result = agent.run();
            System.out.println("RESULT " + result.outcome());
            if (result.failed()) {
                System.err.println(result.message());
                System.exit(1);
            }
        }
    }
}
