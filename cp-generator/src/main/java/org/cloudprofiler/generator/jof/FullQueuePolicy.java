package org.cloudprofiler.generator.jof;

/** What a JOF receiver does with a bucket that its full queue cannot take. */
public enum FullQueuePolicy {
    /**
     * Drop the bucket and count its tuples as dropped by the JOF; the receiver never waits for
     * its consumer. A backlog then builds up in the queue, as objects on the Java heap.
     */
    DROP,
    /**
     * Hold the bucket until the consumer makes room, reading nothing meanwhile. A backlog then
     * builds up in front of the receiver instead: in ZeroMQ's queues (at most the receive
     * high-water mark, as one array per bucket) and in the sender's, where the generator
     * counts a bucket it cannot send as dropped. So nothing is lost uncounted either way, and a
     * backlog costs the collector next to nothing (docs/generator.md, "When a JOF queue is full").
     */
    WAIT
}
