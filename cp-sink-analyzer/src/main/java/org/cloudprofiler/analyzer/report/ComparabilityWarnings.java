package org.cloudprofiler.analyzer.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.cloudprofiler.analyzer.compare.AnalyzedRun;
import org.cloudprofiler.analyzer.compare.RunComparison;

/**
 * Why two analyses are not comparable as they stand (docs/compare.md, "Before the table"): a
 * run that is not whole, different parts of the runs, or a warm-up in one and not the other;
 * one line each, which both forms of {@code cloudprofiler compare} print above their table.
 * Stateless.
 */
final class ComparabilityWarnings {

    private ComparabilityWarnings() {}

    /** The lines, none when A and B are comparable as they stand; each run by its name. */
    static List<String> of(RunComparison comparison) {
        AnalyzedRun a = comparison.a();
        AnalyzedRun b = comparison.b();
        String nameA = comparison.names().a();
        String nameB = comparison.names().b();
        List<String> warnings = new ArrayList<>();
        notWhole(nameA, a, warnings);
        notWhole(nameB, b, warnings);
        AnalysisSummary.Analysed partA = a.analysed();
        AnalysisSummary.Analysed partB = b.analysed();
        if (partA.fromNs() != partB.fromNs() || !Objects.equals(partA.toNs(), partB.toNs())) {
            warnings.add(nameA + " and " + nameB + " cover different parts of their runs: "
                    + nameA + " " + part(partA) + ", " + nameB + " " + part(partB)
                    + "; analyze both with the same --from and --to");
        }
        if (a.includesWarmUp() != b.includesWarmUp()) {
            warnings.add(a.includesWarmUp() ? warmUp(nameA, a, nameB, b)
                    : warmUp(nameB, b, nameA, a));
        }
        return warnings;
    }

    private static void notWhole(String name, AnalyzedRun run, List<String> warnings) {
        if (run.stopped()) {
            warnings.add(name + " is unfinished: its analysis was stopped before its job ended"
                    + " (Ctrl-C while following), so the tuples it had not yet ended are in no"
                    + " figure; analyze its logs again to their end");
        } else if (!run.finished()) {
            warnings.add(name + " is unfinished: a refresh of an analysis still following its"
                    + " logs, so the tuples whose records are still arriving or whose time-out"
                    + " has not passed are in no figure; compare the summary it writes at its"
                    + " end");
        }
    }

    /**
     * {@code the whole run}, {@code from 5.00 s to 60.0 s after the run's start}, or {@code from
     * 5.00 s after the run's start to the end of the logs}.
     */
    private static String part(AnalysisSummary.Analysed analysed) {
        if (analysed.fromNs() == 0 && analysed.toNs() == null) {
            return "the whole run";
        }
        String from = "from " + SvgCharts.durationLabel(analysed.fromNs());
        return analysed.toNs() == null ? from + " after the run's start to the end of the logs"
                : from + " to " + SvgCharts.durationLabel(analysed.toNs()) + " after the run's"
                        + " start";
    }

    private static String warmUp(String with, AnalyzedRun withRun, String without,
            AnalyzedRun withoutRun) {
        long endNs = withRun.warmUp().endNs();
        String why = withoutRun.analysed().fromNs() > 0 ? without + "'s samples start "
                + SvgCharts.durationLabel(withoutRun.analysed().fromNs()) + " after its run's"
                + " start" : "none was found in " + without;
        return String.format(Locale.ROOT, "%s includes its warm-up (the run's first %s) and %s"
                + " does not (%s): %s's high percentiles may hold the warm-up alone; analyze"
                + " both with --from %dms", with, SvgCharts.durationLabel(endNs), without, why,
                with, (long) Math.ceil(endNs / 1e6));
    }
}
