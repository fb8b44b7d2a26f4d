package org.cloudprofiler.storm.jof;

/**
 * One tuple as the JOF delivered it, before a translator turns it into Storm values.
 *
 * @param topic the spout's configured topic name (JOF has no topics; kept for KafkaSpout's
 *     field layout)
 * @param partition the ordered stream it came in, as a Kafka partition: what one generator
 *     sender sent one JOF receiver, numbered across all tasks of the spout (see
 *     {@link JofSpoutConfig#partition})
 * @param tupleId the generator's unique 64-bit tuple id, increasing within its partition
 * @param value the deserialized object: {@code byte[]} (raw), {@code AdEvent} (YSB) or the
 *     configured class (preloaded Kryo)
 */
public record JofRecord(String topic, int partition, long tupleId, Object value) {}
