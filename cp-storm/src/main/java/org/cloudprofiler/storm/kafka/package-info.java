/**
 * A KafkaSpout whose tuples carry ids the profiler can follow.
 *
 * <p>API.
 */
package org.cloudprofiler.storm.kafka;
