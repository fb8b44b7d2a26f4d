package org.cloudprofiler.generator.jof;

import org.cloudprofiler.generator.wire.PayloadClass;

/**
 * The deserialized tuples of one bucket, in the order the sender put them. Made by one receiver
 * thread and handed, through its queue, to the one consumer thread that polls it, which then
 * owns it: do not change the objects from another thread without synchronisation.
 */
public final class TupleBucket implements JofItem {
    private final int receiverIndex;
    private final int senderIndex;
    private final long sequence;
    private final PayloadClass payloadClass;
    private final long[] ids;
    private final Object[] values;

    TupleBucket(int receiverIndex, int senderIndex, long sequence, PayloadClass payloadClass,
            long[] ids, Object[] values) {
        this.receiverIndex = receiverIndex;
        this.senderIndex = senderIndex;
        this.sequence = sequence;
        this.payloadClass = payloadClass;
        this.ids = ids;
        this.values = values;
    }

    @Override
    public int receiverIndex() {
        return receiverIndex;
    }

    public int senderIndex() {
        return senderIndex;
    }

    /** The bucket's number within its (sender, receiver) pair. */
    public long sequence() {
        return sequence;
    }

    public PayloadClass payloadClass() {
        return payloadClass;
    }

    public int size() {
        return ids.length;
    }

    /** The id of tuple {@code i}, unique within the run. */
    public long id(int i) {
        return ids[i];
    }

    /**
     * The object of tuple {@code i}: {@code byte[]} for raw payloads, {@code AdEvent} for YSB,
     * the configured class for preloaded Kryo; or what the JOF's {@link TupleAssembler} made of
     * it, where one is configured.
     */
    public Object value(int i) {
        return values[i];
    }
}
