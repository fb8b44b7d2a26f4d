/**
 * Internal: the enumerator that hands JOF receiver splits to readers, its state and that
 * state's serializer. Not API.
 */
package org.cloudprofiler.flink.source.enumerator;
