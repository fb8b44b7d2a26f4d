/**
 * Internal: a log file as a split, its state and serializers. Not API.
 */
package org.cloudprofiler.analyzer.source.split;
