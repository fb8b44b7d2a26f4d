package org.cloudprofiler.analyzer.report;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** Prints the summary as a table a person reads in a terminal. Stateless. */
public final class ConsoleTable {

    private ConsoleTable() {}

    public static void print(AnalysisSummary summary, PrintStream out) {
        AnalysisSummary.Run run = summary.run();
        out.printf(Locale.ROOT, "Reference clock: %s (%s)%n", summary.referenceNode(),
                summary.synchronizedClocks() ? summary.method() : "no sync data");
        if (run.durationNs() != null) {
            out.printf(Locale.ROOT, "Run: %s ± %s, %,d tuples from the sources, %,.0f tuples/s%n",
                    SvgCharts.durationLabel(run.durationNs()),
                    SvgCharts.durationLabel(run.durationBoundNs()),
                    run.sourceTuples() == null ? 0 : run.sourceTuples(),
                    run.throughputTuplesPerSecond() == null ? 0
                            : run.throughputTuplesPerSecond());
        } else {
            out.println("Run: " + run.note());
        }
        AnalysisSummary.Tuples tuples = summary.tuples();
        out.printf(Locale.ROOT, "Tuples: %,d complete, %,d timed out%s%s%s%n", tuples.complete(),
                tuples.timedOut(), tuples.timedOut() > 0
                        || tuples.complete() + tuples.unsampled() == 0
                        ? " (why: the notes below)" : "", unsampled(tuples), sampled(tuples));
        if (!outputs(tuples).isEmpty()) {
            out.println("Outputs: " + outputs(tuples));
        }
        printTimeSpan(summary, out);
        out.printf(Locale.ROOT, "%-32s %-7s %10s %10s %10s %10s %10s %10s %11s %11s%n", "hop",
                "where", "samples", "unbounded", "min", "p50", "p99", "max", "bound p50",
                "bound max");
        for (AnalysisSummary.HopRow hop : summary.hops()) {
            String name = hop.hop().length() > 32 ? hop.hop().substring(0, 31) + "~" : hop.hop();
            out.printf(Locale.ROOT, "%-32s %-7s %,10d %,10d", name,
                    hop.locality().toLowerCase(Locale.ROOT), hop.samples(),
                    hop.unboundedSamples());
            if (hop.latencyNs() == null) {
                out.println("   (no bounded samples)");
                continue;
            }
            out.printf(Locale.ROOT, " %10s %10s %10s %10s %11s %11s%n",
                    SvgCharts.durationLabel(hop.latencyNs().min()),
                    SvgCharts.durationLabel(hop.latencyNs().p50()),
                    SvgCharts.durationLabel(hop.latencyNs().p99()),
                    SvgCharts.durationLabel(hop.latencyNs().max()),
                    SvgCharts.durationLabel(hop.boundNs().p50()),
                    SvgCharts.durationLabel(hop.boundNs().max()));
        }
        printBelowZero(summary, out);
        TailSection.print(summary.tail(), out);
        printCpu(summary.operators(), out);
        printDrops(summary.drops(), out);
        AnalysisSummary.Input input = summary.input();
        if (input.problemCount() > 0 || !summary.unsynchronizedPairs().isEmpty()) {
            out.printf(Locale.ROOT, "Input: %d files skipped, %d damaged blocks and %,d bytes"
                    + " skipped, %d files not closed cleanly, %d problems (see summary.json)%n",
                    input.filesSkipped(), input.blocksSkipped(), input.bytesSkipped(),
                    input.filesNotClosed(), input.problemCount());
            input.problems().stream().limit(10).forEach(problem -> out.println("  " + problem));
        }
        summary.unsynchronizedPairs().forEach(pair -> out.println("Unsynchronized: " + pair
                + " (hops between them are unbounded; give --sync)"));
        summary.notes().forEach(note -> out.println("Note: " + note));
    }

    /** Which part of the run the table is, and where the warm-up went. */
    private static void printTimeSpan(AnalysisSummary summary, PrintStream out) {
        AnalysisSummary.Analysed analysed = summary.analysed();
        AnalysisSummary.WarmUp warmUp = summary.warmUp();
        boolean wholeRun = analysed.fromNs() == 0 && analysed.toNs() == null;
        if (!wholeRun) {
            out.printf(Locale.ROOT, "Hops: only the samples whose hop started from %s after"
                    + " the run's start to %s (--from, --to); tuple counts are of the whole"
                    + " run%n", SvgCharts.durationLabel(analysed.fromNs()),
                    analysed.toNs() == null ? "the end of the logs"
                            : SvgCharts.durationLabel(analysed.toNs()) + " after it");
        }
        if (!warmUp.neverSettled().isEmpty()) {
            out.println("Never settled (left out of the warm-up): "
                    + String.join(", ", warmUp.neverSettled()));
        }
        if (warmUp.endNs() == null) {
            out.println("Warm-up: none found: every " + (warmUp.neverSettled().isEmpty() ? ""
                    : "other ") + "hop's latency was settled from its first window"
                    + (wholeRun ? "" : " in the part analysed")
                    + ", or the run is too short to tell");
            return;
        }
        out.printf(Locale.ROOT, "Warm-up%s: the run's first %s, until %s settled%s (rule in"
                + " summary.json)%n", wholeRun ? "" : " in the part analysed",
                SvgCharts.durationLabel(warmUp.endNs()), warmUp.hop(),
                warmUp.p99MaxNs() == null ? "" : "; p99 per window there up to "
                        + SvgCharts.durationLabel(warmUp.p99MaxNs()) + ", at "
                        + warmUp.p99MaxHop());
        if (analysed.fromNs() < warmUp.endNs()) {
            out.printf(Locale.ROOT, "  the table includes it; for the steady state alone give"
                    + " --from %dms%n", (long) Math.ceil(warmUp.endNs() / 1e6));
        }
    }

    private static void printCpu(List<AnalysisSummary.Operator> operators,
            PrintStream out) {
        boolean header = false;
        for (AnalysisSummary.Operator operator : operators) {
            AnalysisSummary.Cpu cpu = operator.cpu();
            if (cpu == null || cpu.threadNsPerTuple() == null) {
                continue;
            }
            if (!header) {
                out.println("CPU per tuple of each component's executor threads, at the rate it"
                        + " was measured");
                out.println("  (user's code: in -> out; engine: the rest, i.e. transport,"
                        + " serialization, polling while idle)");
                header = true;
            }
            out.printf(Locale.ROOT, "  %-24s %s at %s", operator.component(),
                    SvgCharts.durationLabel(cpu.threadNsPerTuple()),
                    SvgCharts.tupleRateLabel(cpu.tuplesPerSecond()));
            if (cpu.userCodeNsPerTuple() == null) {
                out.println(", not split: " + cpu.note());
            } else if (cpu.engineNsPerTuple() == null) {
                out.printf(Locale.ROOT, ": %s in the user's code (upper bound), engine unknown:"
                        + " %s%n", SvgCharts.durationLabel(cpu.userCodeNsPerTuple()),
                        cpu.note());
            } else {
                out.printf(Locale.ROOT, " = %s in the user's code + %s in the engine%n",
                        SvgCharts.durationLabel(cpu.userCodeNsPerTuple()),
                        SvgCharts.durationLabel(cpu.engineNsPerTuple()));
            }
        }
    }

    /** Latencies below zero: within their bound (possible across nodes), then violations. */
    private static void printBelowZero(AnalysisSummary summary, PrintStream out) {
        for (AnalysisSummary.HopRow hop : summary.hops()) {
            if (hop.negativeSamples() > 0) {
                out.printf(Locale.ROOT, "Below zero within the bound: %s (%s), %,d samples,"
                        + " lowest %s%n", hop.hop(), hop.locality().toLowerCase(Locale.ROOT),
                        hop.negativeSamples(), SvgCharts.durationLabel(hop.mostNegative()));
            }
        }
        for (AnalysisSummary.Violation violation : summary.violations()) {
            out.printf(Locale.ROOT, "VIOLATION: %s%s, %,d %s below zero by more than the bound,"
                    + " worst %s. A true duration is never negative: a probe logged the wrong"
                    + " moment, or the clock data is wrong%n", violation.what(),
                    violation.locality() == null ? ""
                            : " (" + violation.locality().toLowerCase(Locale.ROOT) + ")",
                    violation.samples(), violation.samples() == 1 ? "duration" : "durations",
                    SvgCharts.durationLabel(violation.worst()));
        }
    }

    private static void printDrops(AnalysisSummary.Drops drops, PrintStream out) {
        if (drops.channelRecordsDropped() == 0 && drops.channelCallsRejected() == 0
                && drops.externalDropped() == 0) {
            out.println("Drops: none" + (drops.external().isEmpty() ? " in the channel logs"
                    : " (channel logs, generator and JOF)"));
            return;
        }
        out.printf(Locale.ROOT, "Drops: %,d tuples before the engine (generator, JOF), %,d"
                + " channel records dropped and %,d calls rejected by the profiler%n",
                drops.externalDropped(), drops.channelRecordsDropped(),
                drops.channelCallsRejected());
        drops.external().stream().filter(source -> source.dropped() > 0)
                .forEach(source -> out.printf(Locale.ROOT, "  %s: %,d dropped%n", source.name(),
                        source.dropped()));
    }

    /** What operators minted, apart from the tuples; empty if nothing. */
    static String outputs(AnalysisSummary.Tuples tuples) {
        AnalysisSummary.Outputs outputs = tuples.outputs();
        if (outputs.complete() + outputs.timedOut() + outputs.lineageWithoutOutput() == 0) {
            return "";
        }
        return String.format(Locale.ROOT, "%,d complete, %,d timed out, minted by operators and"
                + " counted apart from the tuples; %,d descend from a source record (%,d whose"
                + " source record was not found)", outputs.complete(), outputs.timedOut(),
                outputs.withLineage(), outputs.rootNotFound());
    }

    /**
     * The tuples not sampled at a point they passed, if any: after the time-outs, on the same
     * line, as summary.json's {@code tuples.unsampled}.
     */
    static String unsampled(AnalysisSummary.Tuples tuples) {
        return tuples.unsampled() == 0 ? "" : String.format(Locale.ROOT, ", %,d unsampled (a"
                + " handler without ids, e.g. NULL, where they passed)", tuples.unsampled());
    }

    /** The run's sampling, if it had one: last on the tuples' line; empty for every record. */
    static String sampled(AnalysisSummary.Tuples tuples) {
        return tuples.sampledOneIn() <= 1 ? "" : String.format(Locale.ROOT, "; sampled 1/%d:"
                + " of the source records whose root was kept", tuples.sampledOneIn());
    }
}
