package org.cloudprofiler.analyzer.compare;

import java.util.List;
import org.cloudprofiler.analyzer.report.AnalysisSummary;

/**
 * What a comparison needs of one analysis: where it was read from and its hop rows, as
 * summary.json holds them.
 *
 * @param source the path it was read from, as the user gave it
 * @param hops its {@code hops[]}, in data-flow order
 */
public record AnalyzedRun(String source, List<AnalysisSummary.HopRow> hops) {}
