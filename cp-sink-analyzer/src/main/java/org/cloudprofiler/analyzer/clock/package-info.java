/**
 * Internal: each node's clock as the analyzer reads it, and the translator of durations between
 * nodes it builds from the headers or from {@code sync.json}. Not API.
 */
package org.cloudprofiler.analyzer.clock;
