package org.cloudprofiler.flink.source;

/**
 * One tuple as the JOF delivered it, before a {@link JofRecordDeserializationSchema} turns it
 * into what the source emits: the counterpart of Kafka's {@code ConsumerRecord}.
 *
 * @param receiver the JOF receiver it came in, by index among all receivers of the source
 * @param senderIndex the generator sender thread that sent it; the tuples one sender sends one
 *     receiver come in send order, their ids increasing, as the records of a Kafka partition
 * @param tupleId the generator's unique 64-bit tuple id
 * @param value the deserialized payload: {@code byte[]} for raw payloads, {@code AdEvent} for
 *     YSB events, the configured class for Kryo payloads
 */
public record JofRecord(int receiver, int senderIndex, long tupleId, Object value) {}
