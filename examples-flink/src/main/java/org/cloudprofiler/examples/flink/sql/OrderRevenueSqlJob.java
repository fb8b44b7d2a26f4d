package org.cloudprofiler.examples.flink.sql;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.Callable;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.PrintSink;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.types.Row;
import org.cloudprofiler.flink.profile.CloudProfilerFlink;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Revenue per product per second of event time, in Flink SQL over Flink's own {@code datagen}
 * connector: a table of orders (a sequence of order ids, from which the product, the amount and
 * the event time are computed columns: order {@code i} is of product {@code i % 10}, for {@code
 * i * 7 % 100 + 1}, at {@code i * 5} ms; the watermark on the event time) is counted and summed
 * per product in 1 s {@code TUMBLE} windows, and each window's figures are joined with a
 * table of products for its name; the result goes back to a DataStream and into a sink. Every
 * value derives from the sequences, so a run's answer is known beforehand. {@link #main} runs it
 * profiled (docs/flink.md, "Profiling a job") on a local MiniCluster and prints the revenue.
 */
@Command(name = "order-revenue-sql", mixinStandardHelpOptions = true,
        description = "Flink SQL: datagen orders -> TUMBLE(1 s) revenue per product -> join"
                + " datagen products -> print, profiled, on a local MiniCluster.")
public final class OrderRevenueSqlJob implements Callable<Integer> {
    /** The products: ids 0 to PRODUCTS - 1. */
    public static final int PRODUCTS = 10;
    /** Event time between two consecutive orders. */
    public static final long MS_BETWEEN_ORDERS = 5;
    /** The width of a window, in ms of event time (the query's {@code INTERVAL '1' SECOND}). */
    public static final long WINDOW_MS = 1_000;
    /** The name of the operator that turns the result rows into {@link ProductRevenue}s. */
    public static final String TO_REVENUE = "to-revenue";
    public static final String SINK = "sink";

    @Option(names = "--orders", description = "Orders the datagen table generates (default"
            + " ${DEFAULT-VALUE}).")
    long orders = 20_000;

    @Option(names = "--orders-per-second", description = "The orders table's rate, over all"
            + " its subtasks (default ${DEFAULT-VALUE}).")
    long ordersPerSecond = 5_000;

    @Option(names = "--parallelism", description = "Parallelism of every operator (default"
            + " ${DEFAULT-VALUE}).")
    int parallelism = 2;

    public static void main(String[] args) {
        System.exit(new CommandLine(new OrderRevenueSqlJob()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (orders < 1 || ordersPerSecond < 1 || parallelism < 1) {
            System.err.println("order-revenue-sql: --orders, --orders-per-second and"
                    + " --parallelism must be positive");
            return 2;
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        addTo(env, orders, ordersPerSecond, new PrintSink<>());
        CloudProfilerFlink.profile(env).execute("order-revenue-sql");
        return 0;
    }

    /**
     * Adds the job to {@code env}, at its parallelism; the caller executes it. Its table
     * environment's session time zone is UTC, so that windows start at whole seconds since the
     * epoch.
     *
     * @param orders how many orders the orders table generates (order ids 0 to orders - 1)
     * @param ordersPerSecond the orders table's rate
     * @param sink where the revenue goes
     * @return the sink
     */
    public static DataStreamSink<ProductRevenue> addTo(StreamExecutionEnvironment env,
            long orders, long ordersPerSecond, Sink<ProductRevenue> sink) {
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        tables.getConfig().setLocalTimeZone(ZoneOffset.UTC);
        tables.executeSql("CREATE TEMPORARY TABLE orders ("
                + " order_id BIGINT,"
                // MOD has its divisor's type: back to BIGINT, the products' key and a sum's.
                + " product_id AS CAST(order_id % " + PRODUCTS + " AS BIGINT),"
                + " amount AS CAST(order_id * 7 % 100 + 1 AS BIGINT),"
                + " order_time AS TO_TIMESTAMP_LTZ(order_id * " + MS_BETWEEN_ORDERS + ", 3),"
                + " WATERMARK FOR order_time AS order_time"
                + ") WITH ("
                + " 'connector' = 'datagen',"
                + " 'rows-per-second' = '" + ordersPerSecond + "',"
                + " 'fields.order_id.kind' = 'sequence',"
                + " 'fields.order_id.start' = '0',"
                + " 'fields.order_id.end' = '" + (orders - 1) + "')");
        tables.executeSql("CREATE TEMPORARY TABLE products ("
                + " product_id BIGINT,"
                + " name AS CONCAT('product-', CAST(product_id AS STRING))"
                + ") WITH ("
                + " 'connector' = 'datagen',"
                + " 'fields.product_id.kind' = 'sequence',"
                + " 'fields.product_id.start' = '0',"
                + " 'fields.product_id.end' = '" + (PRODUCTS - 1) + "')");
        return tables.toDataStream(tables.sqlQuery("SELECT p.name, w.window_start, w.orders,"
                        + " w.revenue FROM ("
                        + "   SELECT product_id, window_start, window_end,"
                        + "     COUNT(*) AS orders, SUM(amount) AS revenue"
                        + "   FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time),"
                        + "     INTERVAL '1' SECOND))"
                        + "   GROUP BY product_id, window_start, window_end) w"
                        + " JOIN products p ON w.product_id = p.product_id"))
                .map(OrderRevenueSqlJob::toRevenue).name(TO_REVENUE).uid(TO_REVENUE)
                .sinkTo(sink).name(SINK).uid(SINK);
    }

    private static ProductRevenue toRevenue(Row row) {
        LocalDateTime windowStart = row.getFieldAs("window_start");
        return new ProductRevenue(row.getFieldAs("name"),
                windowStart.toInstant(ZoneOffset.UTC).toEpochMilli(),
                row.<Long>getFieldAs("orders"), row.<Long>getFieldAs("revenue"));
    }
}
