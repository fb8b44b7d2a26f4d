package org.cloudprofiler.examples.flink.sql;

/**
 * One product's orders and revenue in the window of event time that starts at
 * {@code windowStartMs} (ms since the epoch, UTC).
 */
public record ProductRevenue(String product, long windowStartMs, long orders, long revenue) {}
