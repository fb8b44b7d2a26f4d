package org.cloudprofiler.bench.storm;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.storm.tuple.Values;
import org.cloudprofiler.storm.jof.DefaultJofRecordTranslator;
import org.cloudprofiler.storm.jof.JofRecord;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * What JofSpout's default translator costs a JOF receiver thread per tuple: one {@link
 * DefaultJofRecordTranslator#apply} on a 100-byte raw value, against the same {@code Values}
 * made with its varargs constructor. Run with {@code -prof gc} for the bytes each allocates.
 * Each result is kept in a ring of 4096, as a receiver's bucket keeps its tuples, so the JIT
 * cannot drop the allocation.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TranslatorBenchmark {
    private static final int KEPT = 4096;

    private final DefaultJofRecordTranslator translator = new DefaultJofRecordTranslator();
    private final byte[] value = new byte[100];
    private final Object[] kept = new Object[KEPT];
    private long tupleId;

    @Benchmark
    public Object defaultTranslator() {
        List<Object> values = translator.apply(new JofRecord("topic", 0, tupleId, value));
        return keep(values);
    }

    /** The same fields through {@code Values}' varargs constructor, as the translator had it. */
    @Benchmark
    public Object varargsValues() {
        JofRecord record = new JofRecord("topic", 0, tupleId, value);
        return keep(new Values(record.topic(), record.partition(), record.tupleId(), null,
                record.value()));
    }

    private Object keep(Object values) {
        kept[(int) (tupleId++ & (KEPT - 1))] = values;
        return values;
    }
}
