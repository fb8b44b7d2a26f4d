package org.cloudprofiler.examples.flink.clicks;

/** One page's clicks per second of event time in the window that starts at windowStartMs. */
public record PageRate(String page, long windowStartMs, double clicksPerSecond) {}
