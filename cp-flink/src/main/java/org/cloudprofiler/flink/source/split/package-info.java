/**
 * Internal: a JOF receiver as a split, and its serializer. Not API.
 */
package org.cloudprofiler.flink.source.split;
