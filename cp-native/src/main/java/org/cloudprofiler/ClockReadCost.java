package org.cloudprofiler;

/**
 * What one read of the profiler's clock costs: the mean of a batch of back-to-back reads, over
 * several batches.
 *
 * @param minNs the cheapest batch, ns per read: the cost without interference
 * @param medianNs the median batch, ns per read: the cost with this machine's usual noise
 */
public record ClockReadCost(double minNs, double medianNs) {}
