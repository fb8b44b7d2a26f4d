/**
 * Internal: the JofSource reader (on {@code SourceReaderBase}), its split reader that drains the
 * JOF receivers, and the deserialization on the receiver threads. Not API.
 */
package org.cloudprofiler.flink.source.reader;
