package org.cloudprofiler.it.flinkjobs;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

/**
 * A Flink SQL program as its users write one, knowing nothing of the profiler: generated orders
 * counted and summed per product, {@code INSERT INTO} a black hole through {@code executeSql}.
 * Arguments: the job's name and how many orders.
 */
public final class RevenueSqlProgram {

    private RevenueSqlProgram() {}

    public static void main(String[] args) {
        StreamTableEnvironment tables = StreamTableEnvironment.create(
                StreamExecutionEnvironment.getExecutionEnvironment());
        tables.getConfig().set("pipeline.name", args[0]);
        tables.executeSql("CREATE TABLE orders (id BIGINT, product INT, amount INT) WITH ("
                + "'connector' = 'datagen', 'number-of-rows' = '" + args[1] + "',"
                + " 'rows-per-second' = '10000', 'fields.id.kind' = 'sequence',"
                + " 'fields.id.start' = '1', 'fields.id.end' = '" + args[1] + "',"
                + " 'fields.product.min' = '0', 'fields.product.max' = '9',"
                + " 'fields.amount.min' = '1', 'fields.amount.max' = '100')");
        tables.executeSql("CREATE TABLE revenue (product INT, orders BIGINT, revenue BIGINT)"
                + " WITH ('connector' = 'blackhole')");
        tables.executeSql("INSERT INTO revenue SELECT product, COUNT(*), SUM(CAST(amount AS"
                + " BIGINT)) FROM orders WHERE MOD(id, 4) <> 0 GROUP BY product");
    }
}
