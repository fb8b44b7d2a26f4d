/**
 * {@link org.cloudprofiler.storm.jof.JofSpout}: the generator's tuples into Storm through the
 * Java Object Factory, configured as KafkaSpoutConfig is ({@link
 * org.cloudprofiler.storm.jof.JofSpoutConfig}, whose {@code setX} names mirror KafkaSpoutConfig's)
 * with a record translator as KafkaSpout's.
 *
 * <p>API.
 */
package org.cloudprofiler.storm.jof;
