package org.cloudprofiler.bench;

import org.cloudprofiler.generator.wire.BucketEncoder;
import org.cloudprofiler.generator.wire.PayloadClass;
import org.cloudprofiler.generator.ysb.AdEventPool;

/** Pre-encoded buckets of YSB events (payload class 1) for the JOF benchmarks. */
final class YsbBuckets {
    private YsbBuckets() {}

    /**
     * {@code buckets} distinct buckets of sender 0 of 1, numbered 0, 1, ..., each of
     * {@code tuplesPerBucket} events drawn in turn from a pool of 10,007.
     */
    static byte[][] encode(int buckets, int tuplesPerBucket) {
        byte[][] payloads = AdEventPool.generate(1, 10_007).payloads();
        BucketEncoder encoder = new BucketEncoder(PayloadClass.YSB_AD_EVENT, 0, 1);
        byte[][] encoded = new byte[buckets][];
        long id = 0;
        for (int b = 0; b < buckets; b++) {
            encoder.begin(b);
            for (int t = 0; t < tuplesPerBucket; t++, id++) {
                encoder.addTuple(id, payloads[(int) (id % payloads.length)]);
            }
            encoded[b] = encoder.finish();
        }
        return encoded;
    }
}
