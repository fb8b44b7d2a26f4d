package org.cloudprofiler.config.service;

/**
 * How this process's channels got their handlers from the configuration server.
 *
 * @param answered lookups the server answered in time (with a rule or with none)
 * @param fallbacks lookups that kept the requested handler: no valid answer in time
 */
public record NetConfCounters(long answered, long fallbacks) {}
