/**
 * Internal: the statistics of hop samples (signed histograms, per window, per task, the tail).
 * Not API.
 */
package org.cloudprofiler.analyzer.stats;
