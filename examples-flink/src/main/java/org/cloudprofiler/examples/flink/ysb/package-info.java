/**
 * The Yahoo streaming benchmark on Flink: {@link org.cloudprofiler.examples.flink.ysb.YsbJob}
 * (DataStream API, the Storm topology's stages and answers) and
 * {@link org.cloudprofiler.examples.flink.ysb.YsbSqlJob} (the same window count in Flink SQL),
 * fed by {@code JofSource} or {@code KafkaSource}, and a local run of each.
 *
 * <p>API of the examples.
 */
package org.cloudprofiler.examples.flink.ysb;
