package org.cloudprofiler.bench.overhead;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.cloudprofiler.sync.PhaseReport;
import org.cloudprofiler.sync.SyncPhase;
import org.cloudprofiler.sync.service.SyncAgent;
import org.cloudprofiler.sync.service.SyncServer;

/**
 * A sync session beside a benchmark's job, in its process: a server and two agents on the
 * loopback taking mid phases (every ordered pair, {@link SyncServer#DEFAULT_EXCHANGES} exchanges
 * each), as a real cluster does during a run (docs/cluster.md, "The sync phases around a run").
 * What it costs the job shows in the job's rate and in the process's CPU time, which includes
 * it. {@link #start} takes a phase every interval on a thread of its own; {@link #unscheduled}
 * only when told ({@link #takePhase}). Closing stops the phases and the agents.
 */
public final class SyncBeside implements AutoCloseable {
    private static final String TOKEN = "bench";
    private static final Duration WAIT = Duration.ofSeconds(10);

    private final SyncServer server;
    private final List<SyncAgent> agents = new ArrayList<>();
    private final ScheduledExecutorService phases;

    private SyncBeside() {
        server = SyncServer.start("127.0.0.1", 0, TOKEN);
        for (String node : List.of("bench-sync-a", "bench-sync-b")) {
            agents.add(SyncAgent.create(SyncAgent.Options.of("127.0.0.1", server.port())
                    .withNodeId(node).withToken(TOKEN)).start());
        }
        server.awaitNodes(agents.size(), WAIT);
        phases = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "sync-beside-phases");
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * A session taking a mid phase every {@code interval} from half an interval after now, so
     * that a run as long as the interval has one.
     */
    public static SyncBeside start(Duration interval) {
        SyncBeside session = new SyncBeside();
        session.phases.scheduleAtFixedRate(session::takePhase, interval.toNanos() / 2,
                interval.toNanos(), TimeUnit.NANOSECONDS);
        return session;
    }

    /** A session that takes phases only when told. */
    public static SyncBeside unscheduled() {
        return new SyncBeside();
    }

    /** Takes one mid phase now, on the calling thread. */
    public PhaseReport takePhase() {
        return server.runPhase(SyncPhase.MID, SyncServer.DEFAULT_EXCHANGES, false,
                SyncServer.DEFAULT_EXCHANGE_TIMEOUT);
    }

    @Override
    public void close() throws InterruptedException, TimeoutException {
        phases.shutdownNow();
        phases.awaitTermination(WAIT.toSeconds(), TimeUnit.SECONDS);
        server.shutdownAgents(WAIT);
        for (SyncAgent agent : agents) {
            agent.awaitResult(WAIT);
            agent.close();
        }
        server.close();
    }
}
