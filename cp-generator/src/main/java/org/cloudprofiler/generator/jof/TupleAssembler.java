package org.cloudprofiler.generator.jof;

/**
 * Builds the object an engine's source emits from one deserialized tuple, on the JOF receiver
 * thread, so that the source's own thread, which is on the engine's critical path, only hands
 * it on. The JOF makes one assembler per receiver and calls it from that receiver's thread
 * only, so an assembler need not be thread-safe.
 */
@FunctionalInterface
public interface TupleAssembler {
    /** Leaves every deserialized object as it is. */
    TupleAssembler NONE = (senderIndex, tupleId, value) -> value;

    /**
     * What the source gets for the tuple {@code tupleId} whose payload deserialized to
     * {@code value}: a new object per call, since the source may still hold earlier ones;
     * null is handed over as null. {@code senderIndex} is the generator sender thread that sent
     * it: the tuples one sender sends one receiver come in send order, their ids increasing.
     *
     * @throws RuntimeException if the tuple cannot be assembled (any exception, checked ones
     *     thrown unchecked too); the JOF rejects the whole bucket and counts it, as for a payload
     *     that does not deserialize. An {@link Error} ends the receiver, and its consumer's next
     *     poll reports it.
     */
    Object assemble(int senderIndex, long tupleId, Object value);
}
