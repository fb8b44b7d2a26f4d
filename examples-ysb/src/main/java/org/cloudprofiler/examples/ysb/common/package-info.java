/**
 * The Yahoo streaming benchmark as every engine's example shares it: its events as the
 * benchmark's JSON, the campaign windows and which of them still take views, the answer a run
 * must give, and the results the sinks leave in this JVM. No Storm, no Flink.
 *
 * <p>API of the examples.
 */
package org.cloudprofiler.examples.ysb.common;
