/**
 * How a profiled topology finds the tuple id in a tuple: a {@link
 * org.cloudprofiler.storm.tupleid.TupleIdExtractor}, by field or by Kafka partition and offset.
 *
 * <p>API.
 */
package org.cloudprofiler.storm.tupleid;
