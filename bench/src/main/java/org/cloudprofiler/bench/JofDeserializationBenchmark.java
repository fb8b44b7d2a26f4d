package org.cloudprofiler.bench;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.cloudprofiler.generator.jof.BucketDeserializer;
import org.cloudprofiler.generator.jof.KryoPayloadReader;
import org.cloudprofiler.generator.jof.TupleBucket;
import org.cloudprofiler.generator.wire.BucketDecoder;
import org.cloudprofiler.generator.wire.PayloadClass;
import org.cloudprofiler.generator.ysb.AdEvent;
import org.cloudprofiler.generator.ysb.YsbKryo;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What one JOF receiver thread does with a bucket of YSB events once ZeroMQ has handed it over:
 * validate it ({@link BucketDecoder}) and deserialize every event with Kryo into a
 * {@link TupleBucket} ({@link BucketDeserializer}), the very code the receiver runs. No socket,
 * no queue. Scores are tuples per second on one thread (target: at least 1 M).
 *
 * <p>Buckets of 1000 events and of 10, to show what the per-bucket work costs; 64 distinct
 * pre-encoded buckets of each, cycled, so the branch predictor cannot learn one bucket.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class JofDeserializationBenchmark {
    private static final int BUCKETS = 64;

    private final BucketDecoder decoder = new BucketDecoder();
    private BucketDeserializer deserializer;
    private byte[][] bucketsOf1000;
    private byte[][] bucketsOf10;
    private int next;

    @Setup
    public void encodeBuckets() {
        deserializer = new BucketDeserializer(0, Map.of(PayloadClass.YSB_AD_EVENT,
                new KryoPayloadReader(YsbKryo.create(), AdEvent.class)));
        bucketsOf1000 = YsbBuckets.encode(BUCKETS, 1000);
        bucketsOf10 = YsbBuckets.encode(BUCKETS, 10);
    }

    @Benchmark
    @OperationsPerInvocation(1000)
    public TupleBucket bucketsOf1000Events() {
        return decodeAndDeserialize(bucketsOf1000[next++ & (BUCKETS - 1)]);
    }

    @Benchmark
    @OperationsPerInvocation(10)
    public TupleBucket bucketsOf10Events() {
        return decodeAndDeserialize(bucketsOf10[next++ & (BUCKETS - 1)]);
    }

    private TupleBucket decodeAndDeserialize(byte[] bucket) {
        if (!decoder.wrap(bucket, 0, bucket.length)) {
            throw new IllegalStateException(decoder.problemDetail());
        }
        return deserializer.deserialize(decoder);
    }
}
