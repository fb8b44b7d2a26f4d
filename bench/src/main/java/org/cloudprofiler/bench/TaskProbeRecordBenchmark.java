package org.cloudprofiler.bench;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.probe.TaskProbe;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What the shared task probe costs per record, by handlers and sampling, in one run: a record
 * through an operator (its ids in hand, {@code enter}, one {@code handOff}, {@code processed};
 * {@link TupleLineageBenchmark} has a source's id decision and fan-out). {@code handlers}:
 * {@code default} (the product's rules: {@code in}/{@code out} BUFFERED_ID, {@code count} SPC,
 * {@code cpu} CPU, {@code first-last}), {@code null} (every point NULL), {@code off} (every point
 * OFF). {@code sample}: {@code cloudprofiler.sample}.
 *
 * <p>Thread-scoped state: the probe is bound to the JMH worker thread that logs. Each
 * invocation handles {@link CallBatch#CALLS} records; JMH divides by that.
 */
@State(Scope.Thread)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TaskProbeRecordBenchmark {
    private static final String COMPONENT = "probe-record-bench";

    @Param({"default", "null", "off"})
    public String handlers;

    @Param({"1", "1/64", "1/1024"})
    public String sample;

    private TaskProbe probe;
    private long nextId;

    @Setup(Level.Trial)
    public void openProbe() {
        String rules = switch (handlers) {
            case "default" -> "";
            case "null" -> "**=NULL";
            case "off" -> "**=OFF";
            default -> throw new IllegalArgumentException("handlers: default, null or off");
        };
        CpSettings settings = CpSettings.from(Map.of("cloudprofiler.handlers", rules,
                "cloudprofiler.sample", sample));
        probe = BenchProbes.open(COMPONENT, settings);
        nextId = 0;
    }

    @Benchmark
    @OperationsPerInvocation(CallBatch.CALLS)
    public long record() {
        long carried = BenchProbes.records(probe, nextId);
        nextId += CallBatch.CALLS;
        return carried;
    }

    @TearDown(Level.Trial)
    public void closeProbe() {
        BenchProbes.close(probe);
    }
}
