package org.cloudprofiler.analyzer.report;

import java.util.List;
import java.util.Map;

/** Test-only summaries built by hand, for the report's renderers. */
final class ReportFixtures {

    /** Distinct percentiles: min 100, p50 300, p90 500, p99 2,000, p99.9 2,500, max 3,000. */
    static final LatencyStats LATENCY = new LatencyStats(100, 100, 200, 300, 400, 500,
            2_000, 2_500, 3_000, 350);

    private ReportFixtures() {}

    /** A run of 20 s ± 0 ns: every tuple complete, nothing lost, one bounded hop. */
    static AnalysisSummary cleanRun() {
        return summary(new AnalysisSummary.Tuples(10, 0, List.of(), 0, 20, 2, 10_000),
                new AnalysisSummary.Drops(0, 0, List.of(), List.of(), 0), input(0, 0, 0), row(0),
                List.of());
    }

    static AnalysisSummary summary(AnalysisSummary.Tuples tuples,
            AnalysisSummary.Drops drops, AnalysisSummary.Input input, AnalysisSummary.HopRow hop,
            List<AnalysisSummary.Violation> violations) {
        return new AnalysisSummary(AnalysisSummary.FORMAT, true, false, "node-a", "minrtt", true,
                List.of(), input, new AnalysisSummary.Run(2e10, 0.0, "spout/1/first-last",
                        "sink/2/first-last", 10L, 0.5, 10L, "from the sources' first tuple"),
                tuples, List.of(hop), violations, List.of(), drops, List.of(), List.of(), null, null);
    }

    static AnalysisSummary.Input input(long blocksSkipped, int filesNotClosed,
            int filesSkipped) {
        return new AnalysisSummary.Input(4, filesSkipped, 1_000, 1_000, 40, blocksSkipped,
                blocksSkipped * 100, filesNotClosed, 0, List.of());
    }

    static AnalysisSummary.HopRow row(long unbounded) {
        return new AnalysisSummary.HopRow("spout -> sink", "TRANSFER", "spout", "sink", "REMOTE",
                10, 10 - unbounded, unbounded, 0, null, 0, null, LATENCY, LATENCY, Map.of(),
                null, null);
    }
}
