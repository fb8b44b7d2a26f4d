package org.cloudprofiler.bench;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import org.cloudprofiler.bench.overhead.SyncBeside;
import org.cloudprofiler.sync.PairMeasurement;
import org.cloudprofiler.sync.PhaseReport;
import org.cloudprofiler.sync.service.SyncServer;

/**
 * What one mid sync phase costs, on an idle machine: a server and two agents on the loopback in
 * this process ({@link SyncBeside}) take {@value #PHASES} phases back to back; per phase, its
 * wall time (the median), the process's CPU time (the mean over all phases: the process clock
 * ticks in 10 ms; server and both agents, which a cluster splits between the nodes of each
 * pair), and the datagrams and bytes of its exchanges (every ordered pair,
 * {@link SyncServer#DEFAULT_EXCHANGES} pings and pongs of 64 and 72 bytes, docs/sync-protocol.md;
 * the server's few control datagrams per pair aside). Asserts nothing.
 *
 * <pre>java -cp bench/target/benchmarks.jar org.cloudprofiler.bench.SyncPhaseCostBench</pre>
 */
public final class SyncPhaseCostBench {
    private static final int PHASES = 200;
    private static final int PING_BYTES = 64;
    private static final int PONG_BYTES = 72;
    private static final OperatingSystemMXBean OS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private SyncPhaseCostBench() {}

    public static void main(String[] args) throws Exception {
        long[] wallNs = new long[PHASES];
        long cpuNs;
        long exchanges = 0;
        int pairs = 0;
        try (SyncBeside session = SyncBeside.unscheduled()) {
            session.takePhase(); // warm-up: the JIT and the sockets' first use
            long cpuStart = OS.getProcessCpuTime();
            for (int i = 0; i < PHASES; i++) {
                long start = System.nanoTime();
                PhaseReport report = session.takePhase();
                wallNs[i] = System.nanoTime() - start;
                pairs = report.phase().pairs().size();
                for (PairMeasurement pair : report.phase().pairs()) {
                    exchanges += pair.exchanges() + pair.lost();
                }
            }
            cpuNs = OS.getProcessCpuTime() - cpuStart;
        }
        long exchangesPerPhase = exchanges / PHASES;
        System.out.printf(Locale.ROOT, "sync mid phase, %d ordered pairs x %d exchanges, %d"
                + " phases: wall %.2f ms (median), CPU %.2f ms (mean; server and both agents),"
                + " %d datagrams, %,d bytes of UDP payload per phase (%,d per pair)%n", pairs,
                SyncServer.DEFAULT_EXCHANGES, PHASES, median(wallNs) / 1e6,
                cpuNs / 1e6 / PHASES, 2 * exchangesPerPhase,
                exchangesPerPhase * (PING_BYTES + PONG_BYTES),
                pairs == 0 ? 0 : exchangesPerPhase * (PING_BYTES + PONG_BYTES) / pairs);
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
