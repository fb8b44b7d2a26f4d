package org.cloudprofiler.channel;

/**
 * The channels on which a generator logs its sends (docs/generator.md, "Ingestion as a hop"):
 * {@code generator/<sender>/out}, one per sender thread, with two records per bucket the sender
 * handed to ZeroMQ, the bucket's first and last tuple id, both with the TSC read just before the
 * send. The analyzer expands each bucket into its tuples and reads the {@code generator}
 * component as upstream of every source of the topology.
 */
public final class IngestionChannel {

    /** The operator part of the channels' names. */
    public static final String COMPONENT = "generator";

    private IngestionChannel() {}

    /** The channel name of sender {@code sender}. */
    public static String name(int sender) {
        return ProbePoint.OUT.channelName(COMPONENT, sender);
    }
}
