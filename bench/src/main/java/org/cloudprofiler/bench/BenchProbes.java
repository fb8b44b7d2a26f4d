package org.cloudprofiler.bench;

import org.cloudprofiler.ChannelStats;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.probe.TaskProbe;
import org.cloudprofiler.probe.TupleIdMinter;

/** Task probes for the benchmarks: opened on the calling thread, closed and their logs gone. */
final class BenchProbes {
    private static final TaskProbe.Counters UNCOUNTED = new TaskProbe.Counters() {
        @Override
        public void missingId() {}

        @Override
        public void offThreadEmit() {}
    };

    private BenchProbes() {}

    /** Task 0 of {@code component}, minting as origin 1, bound to the calling thread. */
    static TaskProbe open(String component, CpSettings settings) {
        BenchLogs.deleteOperator(component);
        TaskProbe probe = new TaskProbe(component, 0, settings, UNCOUNTED,
                new TupleIdMinter(1, 0));
        probe.bindExecutorThread();
        return probe;
    }

    /**
     * Closes {@code probe} and deletes its logs; fails if its channels rejected calls, which
     * would mean the benchmark measured rejections.
     */
    static void close(TaskProbe probe) {
        ChannelStats in = probe.stats(ProbePoint.IN);
        probe.retire();
        BenchLogs.deleteOperator(probe.componentId());
        if (in != null && in.rejected() != 0) {
            throw new IllegalStateException(in.rejected() + " calls rejected: the benchmark"
                    + " thread did not own its channels");
        }
    }

    /**
     * {@link CallBatch#CALLS} records through an operator's probe, ids {@code firstId} on: each
     * entered with its ids in hand, handed off once, processed.
     *
     * @return a value of the output ids, so that none is optimized away
     */
    static long records(TaskProbe probe, long firstId) {
        long id = firstId;
        long carried = 0;
        for (int i = 0; i < CallBatch.CALLS; i++) {
            probe.enter(id, id);
            probe.handOff();
            carried += probe.outputId() ^ probe.outputRoot();
            probe.processed();
            id++;
        }
        return carried;
    }
}
