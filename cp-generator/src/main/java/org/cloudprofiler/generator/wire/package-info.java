/**
 * The generator's wire format (docs/wire-format.md): buckets of tuples, each tuple an id and a
 * payload, sent as one ZeroMQ message per bucket.
 *
 * <p>{@link org.cloudprofiler.generator.wire.BucketDecoder} validates a received bucket in place
 * and classifies damage as a {@link org.cloudprofiler.generator.wire.BucketProblem};
 * {@link org.cloudprofiler.generator.wire.BucketEncoder} builds buckets, for Java-side senders
 * and tests.
 */
package org.cloudprofiler.generator.wire;
