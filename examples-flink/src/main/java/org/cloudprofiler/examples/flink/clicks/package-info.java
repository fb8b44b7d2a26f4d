/**
 * Clicks per page per 500 ms of event time from a {@code DataGeneratorSource}: an event-time
 * tumbling window fired by watermarks, written as a Flink user writes it and profiled with one
 * call ({@link org.cloudprofiler.examples.flink.clicks.ClickWindowsJob}).
 *
 * <p>API of the examples.
 */
package org.cloudprofiler.examples.flink.clicks;
