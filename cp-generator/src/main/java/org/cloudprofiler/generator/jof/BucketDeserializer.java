package org.cloudprofiler.generator.jof;

import java.util.Map;
import org.cloudprofiler.generator.wire.BucketDecoder;
import org.cloudprofiler.generator.wire.PayloadClass;

/**
 * Turns a decoded data bucket into a {@link TupleBucket}, payload by payload, with one
 * {@link PayloadReader} per accepted payload class and then the consumer's
 * {@link TupleAssembler}. Confined to one thread, as its readers are:
 * each receiver has its own.
 */
public final class BucketDeserializer {
    private final int receiverIndex;
    private final PayloadReader[] readers = new PayloadReader[PayloadClass.values().length];
    private final TupleAssembler assembler;

    /** @param readers the accepted classes' readers, for this deserializer's thread alone */
    public BucketDeserializer(int receiverIndex, Map<PayloadClass, PayloadReader> readers) {
        this(receiverIndex, readers, TupleAssembler.NONE);
    }

    /**
     * @param readers the accepted classes' readers, for this deserializer's thread alone
     * @param assembler turns each deserialized object into what the bucket holds, for this
     *     deserializer's thread alone
     */
    public BucketDeserializer(int receiverIndex, Map<PayloadClass, PayloadReader> readers,
            TupleAssembler assembler) {
        this.receiverIndex = receiverIndex;
        this.assembler = assembler;
        readers.forEach((payloadClass, reader) -> this.readers[payloadClass.id()] = reader);
    }

    public boolean accepts(PayloadClass payloadClass) {
        return readers[payloadClass.id()] != null;
    }

    /**
     * Reads every tuple of the data bucket {@code decoder} has just validated.
     *
     * @throws TupleAssemblyException if the assembler failed on a tuple
     * @throws RuntimeException from the payload reader; the decoder's cursor then stands on the
     *     tuple whose payload failed
     * @throws IllegalArgumentException if the bucket's class is not accepted
     */
    public TupleBucket deserialize(BucketDecoder decoder) {
        PayloadClass payloadClass = decoder.payloadClass();
        PayloadReader reader = readers[payloadClass.id()];
        if (reader == null) {
            throw new IllegalArgumentException("payload class " + payloadClass
                    + " is not accepted");
        }
        int senderIndex = decoder.senderIndex();
        long[] ids = new long[decoder.tupleCount()];
        Object[] values = new Object[ids.length];
        for (int i = 0; decoder.nextTuple(); i++) {
            long id = decoder.tupleId();
            ids[i] = id;
            Object value = reader.read(decoder.payloadArray(), decoder.payloadOffset(),
                    decoder.payloadLength());
            try {
                values[i] = assembler.assemble(senderIndex, id, value);
            } catch (Exception e) {
                // Exception, not RuntimeException: user code may throw checked ones unchecked.
                throw new TupleAssemblyException(id, e);
            }
        }
        return new TupleBucket(receiverIndex, senderIndex, decoder.sequence(),
                payloadClass, ids, values);
    }
}
