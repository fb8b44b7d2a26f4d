/**
 * Internal: reads a log file split into records, following files that still grow. Not API.
 */
package org.cloudprofiler.analyzer.source.reader;
