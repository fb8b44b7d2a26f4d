package org.cloudprofiler.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * The clocks a Java caller could read instead of logging, per call and batched as the logTS
 * benchmark is: {@code System.nanoTime()} and a bare JNI call that reads the TSC.
 */
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ClockBaselineBenchmark {

    @Benchmark
    @OperationsPerInvocation(CallBatch.CALLS)
    public long systemNanoTime() {
        long sum = 0;
        for (int i = 0; i < CallBatch.CALLS; i++) {
            sum += System.nanoTime();
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(CallBatch.CALLS)
    public long readTscThroughJni() {
        return CallBatch.readTsc();
    }
}
