/**
 * API: KafkaSource in a profiled job ({@link
 * org.cloudprofiler.flink.kafka.ProfiledKafkaDeserializer}), so Kafka records carry their
 * partition and offset as tuple ids.
 */
package org.cloudprofiler.flink.kafka;
