package org.cloudprofiler.bench.storm;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.storm.serialization.KryoValuesDeserializer;
import org.apache.storm.serialization.KryoValuesSerializer;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.Utils;
import org.cloudprofiler.storm.lineage.IdentifiedValues;
import org.cloudprofiler.tupleid.MintedTupleIds;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * What carrying a tuple's ids beside its values costs a Storm worker per tuple: a word-count
 * tuple {@code (word, count)} through the worker's Kryo, serialized and read back as between
 * workers, without ids, with a source record's id, and with a fan-out output's id and root; and,
 * within a worker, wrapping the emitted values and finding the ids again through local mode's
 * unmodifiable list. Run with {@code -prof gc} for the bytes each allocates.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class IdCarryingBenchmark {
    private static final Map<String, Object> CONF = Utils.readDefaultConfig();

    private final KryoValuesSerializer serializer = new KryoValuesSerializer(CONF);
    private final KryoValuesDeserializer deserializer = new KryoValuesDeserializer(CONF);
    private final IdentifiedValues.Finder finder = new IdentifiedValues.Finder();
    private final Values values = new Values("stream", 42L);
    private final long minted = MintedTupleIds.compose(12, 0, 1_000);

    @Benchmark
    public List<Object> crossWithoutIds() {
        return deserializer.deserialize(serializer.serialize(values));
    }

    @Benchmark
    public List<Object> crossWithSourceId() {
        return deserializer.deserialize(
                serializer.serialize(new IdentifiedValues(values, 7, 7)));
    }

    @Benchmark
    public List<Object> crossWithIdAndRoot() {
        return deserializer.deserialize(
                serializer.serialize(new IdentifiedValues(values, minted, 7)));
    }

    /** Wrapped at the emit, found again at the bolt through local mode's unmodifiable list. */
    @Benchmark
    public long wrapAndFindInWorker() {
        List<Object> delivered = Collections.unmodifiableList(
                new IdentifiedValues(values, minted, 7));
        return IdentifiedValues.of(delivered, finder).root();
    }
}
