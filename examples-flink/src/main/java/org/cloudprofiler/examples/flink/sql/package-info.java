/**
 * Flink SQL over the {@code datagen} connector, a {@code TUMBLE} window and a join, turned into
 * a DataStream and profiled with one call
 * ({@link org.cloudprofiler.examples.flink.sql.OrderRevenueSqlJob}).
 *
 * <p>API of the examples.
 */
package org.cloudprofiler.examples.flink.sql;
