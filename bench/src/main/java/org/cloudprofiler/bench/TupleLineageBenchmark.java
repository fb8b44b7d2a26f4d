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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What the lineage rule costs per record at a source task, in one run: {@code sourceWithIds}, a
 * record that brings its own id (its {@code in}, counters, {@code out}, and deciding and carrying
 * its ids); {@code sourceMinting} one that gets a minted id; {@code fanOutOutput} a record with a
 * second output (minted, its {@code in} at the input's TSC and a lineage record). The default
 * handlers: {@code in}, {@code out} and {@code lineage} BUFFERED_ID, {@code count} SPC,
 * {@code cpu} CPU.
 *
 * <p>Thread-scoped state: the probe is bound to the JMH worker thread that logs. Each
 * invocation handles {@link CallBatch#CALLS} records; JMH divides by that.
 */
@State(Scope.Thread)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TupleLineageBenchmark {
    private static final String COMPONENT = "lineage-bench";

    private TaskProbe probe;
    private long nextGivenId;
    /** What an engine carries beside each record: read back so the JIT keeps the work. */
    private long carriedId;
    private long carriedRoot;

    @Setup(Level.Trial)
    public void openProbe() {
        probe = BenchProbes.open(COMPONENT, CpSettings.from(Map.of()));
        nextGivenId = 0;
    }

    @Benchmark
    @OperationsPerInvocation(CallBatch.CALLS)
    public long sourceWithIds() {
        long given = nextGivenId;
        long carried = 0;
        for (int i = 0; i < CallBatch.CALLS; i++) {
            carried += emitOne(given++);
        }
        nextGivenId = given;
        return carried;
    }

    @Benchmark
    @OperationsPerInvocation(CallBatch.CALLS)
    public long sourceMinting() {
        long carried = 0;
        for (int i = 0; i < CallBatch.CALLS; i++) {
            carried += emitOne(TaskProbe.NO_ID);
        }
        return carried;
    }

    @Benchmark
    @OperationsPerInvocation(CallBatch.CALLS)
    public long fanOutOutput() {
        long given = nextGivenId;
        long carried = 0;
        for (int i = 0; i < CallBatch.CALLS; i++) {
            long id = probe.sourceId(given++);
            probe.enter(id, id);
            probe.handOff();
            carried += probe.outputId();
            probe.handOff();
            carried += probe.outputId() ^ probe.outputRoot();
            probe.processed();
        }
        nextGivenId = given;
        return carried;
    }

    /** One source record: its id, entry, hand-off, and the ids an engine would carry. */
    private long emitOne(long given) {
        long id = probe.sourceId(given);
        probe.enter(id, id);
        probe.handOff();
        carriedId = probe.outputId();
        carriedRoot = probe.outputRoot();
        probe.processed();
        return carriedId ^ carriedRoot;
    }

    @TearDown(Level.Trial)
    public void closeProbe() {
        BenchProbes.close(probe);
    }
}
