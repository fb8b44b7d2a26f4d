package org.cloudprofiler.analyzer.compare;

import java.util.List;
import org.cloudprofiler.analyzer.report.AnalysisSummary;

/**
 * What a comparison needs of one analysis: where it was read from, whether it is whole, which
 * part of its run it covers, its warm-up and its hop rows, as summary.json holds them.
 *
 * @param source the path it was read from, as the user gave it
 * @param finished false for a refresh while following
 * @param stopped whether it was stopped before its job ended
 * @param analysed the part of the run its hop rows are
 * @param warmUp the warm-up found in them
 * @param hops its {@code hops[]}, in data-flow order
 */
public record AnalyzedRun(String source, boolean finished, boolean stopped,
        AnalysisSummary.Analysed analysed, AnalysisSummary.WarmUp warmUp,
        List<AnalysisSummary.HopRow> hops) {

    /** Whether its hop rows hold the warm-up: one was found, and they start before its end. */
    public boolean includesWarmUp() {
        return warmUp.endNs() != null && analysed.fromNs() < warmUp.endNs();
    }

    /** Whether every tuple of its logs is in its figures. */
    public boolean whole() {
        return finished && !stopped;
    }
}
