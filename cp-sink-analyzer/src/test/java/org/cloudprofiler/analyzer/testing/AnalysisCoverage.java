package org.cloudprofiler.analyzer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cloudprofiler.analyzer.join.HopKind;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.report.LatencyStats;
import org.cloudprofiler.topology.ComponentRole;
import org.cloudprofiler.topology.TopologyDescription;

/**
 * What the analysis of a profiled job must show when the job was profiled as a user profiles
 * it: every operator and every edge measured, from the records of the job's own sources, each
 * source record counted once. Assertions for the tests of any engine's jobs; stateless.
 */
public final class AnalysisCoverage {

    private AnalysisCoverage() {}

    /**
     * The summary {@code cloudprofiler analyze} exits 0 with (docs/analyzer-output.md, at the
     * top): no duration below zero by more than its bound, no file skipped or damaged, no pair
     * of nodes unsynchronized.
     */
    public static void assertAnalyzeExitsZero(AnalysisSummary summary) {
        assertEquals(List.of(), summary.violations(), "violations (exit code 3)");
        assertEquals(0, summary.input().problemCount(),
                () -> "input problems (exit code 2): " + summary.input().problems());
        assertEquals(List.of(), summary.unsynchronizedPairs(), "unsynchronized (exit code 2)");
    }

    /**
     * Every inner component of {@code topology} has a compute hop with samples, and every edge
     * its transfer hop (a chained edge: its chained hop) with samples.
     */
    public static void assertEveryOperatorAndEdgeMeasured(TopologyDescription topology,
            AnalysisSummary summary) {
        List<String> unmeasured = new ArrayList<>();
        for (TopologyDescription.Component component : topology.components()) {
            if (component.role() == ComponentRole.INNER
                    && samples(summary, HopKind.COMPUTE, component.id(), component.id()) == 0) {
                unmeasured.add("compute " + component.id());
            }
        }
        for (TopologyDescription.Edge edge : topology.edges()) {
            HopKind kind = edge.chained() ? HopKind.CHAINED : HopKind.TRANSFER;
            if (samples(summary, kind, edge.from(), edge.to()) == 0) {
                unmeasured.add(kind + " " + edge.from() + " -> " + edge.to());
            }
        }
        assertEquals(List.of(), unmeasured, () -> "hops without samples; the hops: "
                + hopSamples(summary));
    }

    /** The end-to-end hop {@code from => to} has samples. */
    public static void assertEndToEndMeasured(AnalysisSummary summary, String from, String to) {
        assertTrue(samples(summary, HopKind.END_TO_END, from, to) > 0,
                () -> from + " => " + to + " has no samples; the hops: " + hopSamples(summary));
    }

    /** The watermark hop {@code from => to (watermark)} has samples. */
    public static void assertWatermarkHopMeasured(AnalysisSummary summary, String from,
            String to) {
        assertTrue(samples(summary, HopKind.WATERMARK, from, to) > 0,
                () -> from + " => " + to + " (watermark) has no samples; the hops: "
                        + hopSamples(summary));
    }

    /**
     * Each of the {@code sourceRecords} records the job's sources emitted is counted once at
     * most (complete, timed out or unsampled), and some are counted.
     */
    public static void assertEachSourceRecordCountedOnce(AnalysisSummary summary,
            long sourceRecords) {
        AnalysisSummary.Tuples tuples = summary.tuples();
        long counted = tuples.complete() + tuples.timedOut() + tuples.unsampled();
        assertTrue(counted > 0, () -> "no source record counted: " + tuples);
        assertTrue(counted <= sourceRecords, () -> tuples + " counts more tuples than the "
                + sourceRecords + " records the sources emitted");
    }

    /**
     * Every output an operator minted an id for reached every sink on its way, and each of those
     * with a lineage record found its source record: {@code withLineage} of them.
     */
    public static void assertOutputsComplete(AnalysisSummary summary, long outputs,
            long withLineage) {
        AnalysisSummary.Outputs counted = summary.tuples().outputs();
        assertEquals(new AnalysisSummary.Outputs(outputs, 0, withLineage, 0, 0), counted);
    }

    /**
     * The latencies of the one hop row of {@code kind} from {@code from} to {@code to} with
     * samples (of one locality, as on one machine).
     */
    public static LatencyStats latencies(AnalysisSummary summary, HopKind kind, String from,
            String to) {
        List<AnalysisSummary.HopRow> rows = summary.hops().stream()
                .filter(hop -> hop.kind().equals(kind.name()) && hop.from().equals(from)
                        && hop.to().equals(to) && hop.latencyNs() != null).toList();
        assertEquals(1, rows.size(), () -> "rows of " + from + " => " + to + ": "
                + hopSamples(summary));
        return rows.get(0).latencyNs();
    }

    /** The samples of every hop row of {@code kind} from {@code from} to {@code to}. */
    private static long samples(AnalysisSummary summary, HopKind kind, String from, String to) {
        return summary.hops().stream()
                .filter(hop -> hop.kind().equals(kind.name()) && hop.from().equals(from)
                        && hop.to().equals(to))
                .mapToLong(AnalysisSummary.HopRow::samples).sum();
    }

    private static List<String> hopSamples(AnalysisSummary summary) {
        return summary.hops().stream()
                .map(hop -> hop.hop() + " " + hop.locality() + ": " + hop.samples()).toList();
    }
}
