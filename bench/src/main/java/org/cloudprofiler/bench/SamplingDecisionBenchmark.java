package org.cloudprofiler.bench;

import java.util.concurrent.TimeUnit;
import org.cloudprofiler.tupleid.RootSampling;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * What id-consistent sampling's decision costs per root ({@link RootSampling#keeps} at 1/64):
 * the mix and the comparison every unkept record pays at a task's entry. Consecutive roots, as
 * a source's offsets are. Each invocation decides {@link CallBatch#CALLS} roots.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SamplingDecisionBenchmark {
    private final RootSampling sampling = RootSampling.oneIn(64);
    private long nextRoot;

    @Benchmark
    @OperationsPerInvocation(CallBatch.CALLS)
    public int keeps() {
        long root = nextRoot;
        int kept = 0;
        for (int i = 0; i < CallBatch.CALLS; i++) {
            kept += sampling.keeps(root++) ? 1 : 0;
        }
        nextRoot = root;
        return kept;
    }
}
