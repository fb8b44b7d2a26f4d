package org.cloudprofiler.storm.jof;

/**
 * One tuple as the JOF delivered it, before a translator turns it into Storm values.
 *
 * @param topic the spout's configured topic name (JOF has no topics; kept for KafkaSpout's
 *     field layout)
 * @param receiver the index of the JOF receiver it came through, within this spout task
 * @param tupleId the generator's unique 64-bit tuple id
 * @param value the deserialized object: {@code byte[]} (raw), {@code AdEvent} (YSB) or the
 *     configured class (preloaded Kryo)
 */
public record JofRecord(String topic, int receiver, long tupleId, Object value) {}
