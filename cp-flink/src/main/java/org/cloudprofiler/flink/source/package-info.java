/**
 * {@link org.cloudprofiler.flink.source.JofSource}: the native generator's tuples as a Flink
 * source, through Java Object Factory receivers; its builder and its deserialization schema.
 *
 * <p>API.
 */
package org.cloudprofiler.flink.source;
