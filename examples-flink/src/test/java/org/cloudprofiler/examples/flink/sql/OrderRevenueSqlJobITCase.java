package org.cloudprofiler.examples.flink.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.cloudprofiler.analyzer.join.HopKind;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.testing.AnalysisCoverage;
import org.cloudprofiler.examples.flink.testing.FlinkJobRuns;
import org.cloudprofiler.examples.flink.testing.ProfiledUserJobContract;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link OrderRevenueSqlJob} as its user runs it, unprofiled and profiled with one call, at
 * parallelism 2: both runs emit each product's orders and revenue per window once, as the
 * sequences imply; topology.json lists every operator the planner made; and the analysis of the
 * profiled run measures every operator and edge, the windows' results on their way through the
 * join to the sink, and counts each row of the two datagen tables once.
 */
@Timeout(120) // A guard against a hang only: nothing here is timed.
class OrderRevenueSqlJobITCase extends ProfiledUserJobContract<ProductRevenue> {
    private static final long ORDERS = 4_000;
    private static final long ORDERS_PER_SECOND = 4_000;
    /**
     * The planner's name of the operator that fires the windows starts so: it aggregates in two
     * phases, a local one before the keyed exchange and this one after it.
     */
    private static final String WINDOW_AGGREGATE = "GlobalWindowAggregate";

    @TempDir
    static Path directory;

    private static FlinkJobRuns<ProductRevenue> runs;

    @BeforeAll
    static void runTheJobUnprofiledAndProfiled() throws Exception {
        runs = FlinkJobRuns.run("order-revenue-sql", (env, sink) ->
                OrderRevenueSqlJob.addTo(env, ORDERS, ORDERS_PER_SECOND, sink), directory);
    }

    @Override
    protected FlinkJobRuns<ProductRevenue> runs() {
        return runs;
    }

    /** Each product's orders and revenue in each window, once. */
    @Override
    protected Map<ProductRevenue, Long> expectedAnswer() {
        Map<List<Long>, long[]> windows = new HashMap<>();
        for (long order = 0; order < ORDERS; order++) {
            long windowStart = order * OrderRevenueSqlJob.MS_BETWEEN_ORDERS
                    / OrderRevenueSqlJob.WINDOW_MS * OrderRevenueSqlJob.WINDOW_MS;
            long[] figures = windows.computeIfAbsent(
                    List.of(order % OrderRevenueSqlJob.PRODUCTS, windowStart), w -> new long[2]);
            figures[0]++;
            figures[1] += order * 7 % 100 + 1;
        }
        Map<ProductRevenue, Long> expected = new HashMap<>();
        windows.forEach((window, figures) -> expected.put(new ProductRevenue(
                "product-" + window.get(0), window.get(1), figures[0], figures[1]), 1L));
        return expected;
    }

    /**
     * A window's result is emitted outside the processing of any order: its tuple starts at the
     * window aggregation (docs/design.md, "Tuple lineage"), and the join passes it on.
     */
    @Test
    void theWindowsResultsAreMeasuredThroughTheJoinToTheSink() {
        List<String> windows = runs.components().stream()
                .filter(component -> component.startsWith(WINDOW_AGGREGATE)).toList();
        assertEquals(1, windows.size(), runs.components()::toString);
        AnalysisCoverage.assertEndToEndMeasured(runs.analysis(), windows.get(0),
                OrderRevenueSqlJob.SINK);
    }

    /**
     * The windows' results are measured end to end too, from the release of the watermark that
     * fired them: where the planner's watermark assigner of the orders table emitted it.
     */
    @Test
    void theWindowsResultsAreMeasuredFromTheirWatermarksRelease() {
        List<AnalysisSummary.HopRow> measured = runs.analysis().hops().stream()
                .filter(hop -> hop.kind().equals(HopKind.WATERMARK.name())
                        && hop.to().equals(OrderRevenueSqlJob.SINK) && hop.samples() > 0)
                .toList();
        assertFalse(measured.isEmpty(), () -> runs.analysis().hops().stream()
                .map(hop -> hop.hop() + ": " + hop.samples()).toList().toString());
    }

    @Test
    void eachRowOfTheTablesIsCountedOnce() {
        AnalysisCoverage.assertEachSourceRecordCountedOnce(runs.analysis(),
                ORDERS + OrderRevenueSqlJob.PRODUCTS);
    }
}
