package org.cloudprofiler.analyzer.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a reader must know before trusting the report's figures, one plain sentence each, from
 * the summary: sync data taken with {@code --insecure}, records without ids, violations,
 * time-outs and their reasons, warm-up and hops that never settled, drops, unbounded hops,
 * damaged input. Empty when the run has none of these. Stateless.
 */
final class AnomalyNotes {

    private AnomalyNotes() {}

    static List<String> of(AnalysisSummary summary) {
        List<String> notes = new ArrayList<>();
        // Clock data anyone could have forged: no bound below can be trusted.
        summary.notes().stream().filter(InsecureSyncNote::isOne).forEach(notes::add);
        // Records without ids: nothing below means much until they have them.
        summary.notes().stream().filter(MissingIdNote::isOne).forEach(notes::add);
        violations(notes, summary);
        timeOuts(notes, summary.tuples());
        warmUp(notes, summary.warmUp());
        drops(notes, summary.drops());
        unbounded(notes, summary);
        damagedInput(notes, summary.input());
        return notes;
    }

    private static void warmUp(List<String> notes, AnalysisSummary.WarmUp warmUp) {
        if (warmUp == null) {
            return;
        }
        if (!warmUp.neverSettled().isEmpty()) {
            notes.add("Never settled: " + String.join(", ", warmUp.neverSettled()) + ": no"
                    + " window from which that hop's p99 stays within its limit (see the warm-up"
                    + " rule in summary.json); its latency varies throughout, so the warm-up"
                    + " found leaves it out.");
        }
        if (warmUp.endNs() == null) {
            return;
        }
        String worst = warmUp.p99MaxNs() == null ? "" : String.format(Locale.ROOT,
                "; a window's p99 there reached %s at %s",
                SvgCharts.durationLabel(warmUp.p99MaxNs()), warmUp.p99MaxHop());
        notes.add(String.format(Locale.ROOT, "Warm-up: latencies settle %s after the run's"
                + " start (the last hop to settle: %s)%s. Figures over the whole run include it;"
                + " analyze --from %dms leaves it out.", SvgCharts.durationLabel(warmUp.endNs()),
                warmUp.hop(), worst, warmUp.endNs() / 1_000_000));
    }

    private static void violations(List<String> notes, AnalysisSummary summary) {
        long samples = summary.violations().stream()
                .mapToLong(AnalysisSummary.Violation::samples).sum();
        if (samples > 0) {
            notes.add(String.format(Locale.ROOT, "%,d durations in %d hop rows lie below zero by"
                    + " more than their bound, which no true duration does: a probe logged the"
                    + " wrong moment or the clock data is wrong (details below).", samples,
                    summary.violations().size()));
        }
    }

    private static void timeOuts(List<String> notes, AnalysisSummary.Tuples tuples) {
        if (tuples.timedOut() == 0) {
            return;
        }
        notes.add(String.format(Locale.ROOT, "%,d of %,d tuples did not complete: the %,d ms"
                + " tuple time-out ended them; their hops are counted, their end to end is not.",
                tuples.timedOut(), tuples.complete() + tuples.timedOut() + tuples.unsampled(),
                tuples.timeoutMillis()));
        tuples.timedOutBy().forEach(reason -> notes.add("Timed out: " + reason.explanation()));
    }

    private static void drops(List<String> notes, AnalysisSummary.Drops drops) {
        if (drops.channelRecordsDropped() > 0 || drops.channelCallsRejected() > 0) {
            notes.add(String.format(Locale.ROOT, "The probes' channels lost %,d records and"
                    + " rejected %,d calls (full buffers): the tuples they belonged to lack"
                    + " those hops.", drops.channelRecordsDropped(),
                    drops.channelCallsRejected()));
        }
        if (drops.externalDropped() > 0) {
            notes.add(String.format(Locale.ROOT, "The generator or the JOF dropped %,d tuples"
                    + " before the topology saw them (drops.json): the throughput offered was"
                    + " higher than the one measured.", drops.externalDropped()));
        }
    }

    private static void unbounded(List<String> notes, AnalysisSummary summary) {
        for (AnalysisSummary.HopRow hop : summary.hops()) {
            if (hop.unboundedSamples() > 0) {
                notes.add(String.format(Locale.ROOT, "%s (%s): %,d of %,d samples are unbounded"
                        + " (their ends are on nodes without clock sync between them), so they"
                        + " have no number.", hop.hop(), hop.locality().toLowerCase(Locale.ROOT),
                        hop.unboundedSamples(), hop.samples()));
            }
        }
    }

    private static void damagedInput(List<String> notes, AnalysisSummary.Input input) {
        if (input.blocksSkipped() > 0) {
            notes.add(String.format(Locale.ROOT, "%d damaged blocks (%,d bytes) of the logs were"
                    + " skipped: their records are missing from every figure.",
                    input.blocksSkipped(), input.bytesSkipped()));
        }
        if (input.filesNotClosed() > 0) {
            notes.add(String.format(Locale.ROOT, "%d log files were not closed cleanly (no"
                    + " trailer): their process ended abruptly, so their last records and drop"
                    + " counts may be missing.", input.filesNotClosed()));
        }
        if (input.filesSkipped() > 0) {
            notes.add(String.format(Locale.ROOT, "%d files were skipped as unreadable or not logs"
                    + " (listed under Input).", input.filesSkipped()));
        }
        boolean told = input.blocksSkipped() > 0 || input.filesNotClosed() > 0
                || input.filesSkipped() > 0;
        if (!told && input.problemCount() > 0) {
            notes.add(String.format(Locale.ROOT, "%d problems were found reading the input"
                    + " (listed under Input): figures may lack what those files held.",
                    input.problemCount()));
        }
    }
}
