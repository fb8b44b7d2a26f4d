package org.cloudprofiler.bench.ingestion;

import java.time.Duration;
import java.util.List;

import org.cloudprofiler.generator.search.RunResult;

/**
 * One run as the search sees it ({@link RunResult}) plus what only this benchmark knows.
 *
 * @param result the counts and lags the pass criteria judge; its {@code lagAtEndNs} is the
 *     larger of the source's lag in the last second and the drain time
 * @param drainNs from the end of the source's schedule until the null bolt had every tuple, ns;
 *     -1 if it never had them within the wait
 * @param details the source's own figures, e.g. JOF or producer counts, one line
 * @param stolenCpuShare the share of the machine's CPU time the hypervisor took during this
 *     run ({@link StolenCpu}); NaN if unknown
 * @param discardedStolenCpuShares the same for the runs at this rate measured before this one
 *     and discarded because too much was taken; empty if none
 * @param quietWait how long this run and those it replaces waited for a quiet machine before
 *     they started ({@link QuietMachine})
 * @param startedQuiet whether the machine was quiet when this run started, rather than the
 *     wait having run out
 */
public record MeasuredRun(RunResult result, long drainNs, String details, double stolenCpuShare,
        List<Double> discardedStolenCpuShares, Duration quietWait, boolean startedQuiet) {

    public MeasuredRun {
        discardedStolenCpuShares = List.copyOf(discardedStolenCpuShares);
    }

    /**
     * This run, with its stolen share, the shares of the runs it replaces and the waits for a
     * quiet machine.
     */
    MeasuredRun withStolenCpu(double share, List<Double> discardedShares, Duration waited,
            boolean quiet) {
        return new MeasuredRun(result, drainNs, details, share, discardedShares, waited, quiet);
    }
}
