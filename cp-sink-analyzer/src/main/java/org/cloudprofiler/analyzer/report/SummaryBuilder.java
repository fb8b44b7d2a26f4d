package org.cloudprofiler.analyzer.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.cloudprofiler.analyzer.clock.BoundedDuration;
import org.cloudprofiler.analyzer.clock.DurationTranslator;
import org.cloudprofiler.analyzer.input.ChannelInfo;
import org.cloudprofiler.analyzer.input.ExternalDrops;
import org.cloudprofiler.analyzer.input.FileReport;
import org.cloudprofiler.analyzer.input.InputProblem;
import org.cloudprofiler.analyzer.input.LogSet;
import org.cloudprofiler.analyzer.input.RunStart;
import org.cloudprofiler.analyzer.input.Topology;
import org.cloudprofiler.analyzer.join.Hop;
import org.cloudprofiler.analyzer.join.HopKind;
import org.cloudprofiler.analyzer.join.HopPlan;
import org.cloudprofiler.analyzer.join.Locality;
import org.cloudprofiler.analyzer.join.TimeSelection;
import org.cloudprofiler.analyzer.join.TupleEnding;
import org.cloudprofiler.analyzer.report.AnalysisSummary.ChannelDrops;
import org.cloudprofiler.analyzer.report.AnalysisSummary.HopRow;
import org.cloudprofiler.analyzer.report.AnalysisSummary.Operator;
import org.cloudprofiler.analyzer.report.AnalysisSummary.TimedOut;
import org.cloudprofiler.analyzer.report.AnalysisSummary.Violation;
import org.cloudprofiler.analyzer.stats.HopCell;
import org.cloudprofiler.analyzer.stats.HopStatistics;
import org.cloudprofiler.analyzer.stats.LatencyTimeline;
import org.cloudprofiler.analyzer.stats.RunAccumulator;
import org.cloudprofiler.analyzer.stats.RunAccumulator.Sample;
import org.cloudprofiler.analyzer.stats.SignedHistogram;
import org.cloudprofiler.analyzer.stats.TupleDuration;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.topology.ComponentRole;
import org.cloudprofiler.tupleid.RootSampling;

/** Builds the {@link AnalysisSummary} from the log set, the plan and what the job sent back. */
public final class SummaryBuilder {

    private static final String ANALYSED_RULE = "the hop samples whose hop started (its first"
            + " record, on the reference clock) in [fromNs, toNs) after the run's start; tuple"
            + " counts, operators and drops are of the whole run";
    private static final String STOPPED_NOTE = "stopped before the end: the analysis was"
            + " stopped (Ctrl-C while following) before its job ended, so the tuples it had not"
            + " yet ended, whose records were still arriving or whose time-out had not passed,"
            + " are in no figure";

    private final LogSet logSet;
    private final HopPlan plan;
    private final DurationTranslator translator;
    private final RunAccumulator run;
    private final Map<String, ComponentRole> roles = new TreeMap<>();
    private final RunStart runStart;
    private final TimeSelection selection;

    /**
     * @param runStart the zero of every time, or null if the logs show none
     * @param selection the part of the run the job took samples from
     */
    public SummaryBuilder(LogSet logSet, HopPlan plan, DurationTranslator translator,
            RunAccumulator run, RunStart runStart, TimeSelection selection) {
        this.runStart = runStart;
        this.selection = selection;
        this.logSet = logSet;
        this.plan = plan;
        this.translator = translator;
        this.run = run;
        if (logSet.topology() != null) {
            for (Topology.Component component : logSet.topology().components()) {
                roles.put(component.channelPrefix(), component.role());
            }
        }
    }

    /**
     * The summary as of now.
     *
     * @param finished whether the job has ended (else a refresh while following)
     * @param stopped whether it ended because the analysis was stopped
     * @param method the translation method's name
     * @param synchronizedClocks whether sync.json was given
     * @param notes messages for the user beyond the plan's
     */
    public AnalysisSummary build(boolean finished, boolean stopped, String method,
            boolean synchronizedClocks, long timeoutMillis, List<String> notes) {
        List<String> allNotes = new ArrayList<>();
        String insecureSync = InsecureSyncNote.of(translator);
        if (insecureSync != null) {
            allNotes.add(insecureSync);
        }
        allNotes.addAll(plan.notes());
        allNotes.addAll(notes);
        if (stopped) {
            allNotes.add(STOPPED_NOTE);
        }
        List<TimedOut> timedOut = timedOut();
        timedOut.forEach(reason -> allNotes.add("timed out: " + reason.explanation()));
        if (run.hops().unsampledTuples() > 0) {
            allNotes.add(String.format(Locale.ROOT, "unsampled: %,d tuples passed a point while"
                    + " its channel's handler kept no ids (NULL, a counter, an OFF rule): they"
                    + " have no samples of the hops through it, and are not timed out",
                    run.hops().unsampledTuples()));
        }
        if (run.hops().watermarkReleasesNotFound() > 0) {
            allNotes.add(String.format(Locale.ROOT, "watermark hops: %,d results fired by a"
                    + " watermark have no sample, as its release upstream was not logged: a FLIP-27"
                    + " source made it (with its WatermarkStrategy, or the end of a bounded"
                    + " input), a task on the way was restarted or its watermark-out file was"
                    + " not passed to --logs, or a rescale edge lies between. They are measured"
                    + " from the operator that emitted them on", run.hops().watermarkReleasesNotFound()));
        }
        RootSampling sampling = logSet.sampling();
        if (!sampling.everyRecord()) {
            allNotes.add(String.format(Locale.ROOT, "sampled %s: the tasks logged only the source"
                    + " records whose root id the sampling kept (about one in %,d) and what they"
                    + " led to, so the tuples, outputs and hop samples are of those, not scaled;"
                    + " throughput and CPU per tuple count every record", sampling,
                    sampling.oneIn()));
        }
        String missingIds = finished ? MissingIdNote.of(logSet, run) : null;
        if (missingIds != null) {
            allNotes.add(missingIds);
        }
        AnalysisSummary.Run runDuration = runDuration();
        List<HopRow> hops = hops();
        return new AnalysisSummary(AnalysisSummary.FORMAT, finished, stopped,
                translator.referenceNode(), method, synchronizedClocks,
                List.copyOf(translator.unsynchronizedPairs()),
                input(), runDuration, new AnalysisSummary.Tuples(run.hops().completeTuples(),
                        run.hops().timedOutTuples(), timedOut, run.hops().unsampledTuples(),
                        run.hops().events(),
                        plan.expectedEvents(), timeoutMillis, outputs(),
                        logSet.sampling().oneIn()),
                hops, violations(runDuration, hops), operators(), drops(), allNotes,
                TailSummary.of(plan.hops(), run.hops().tail()), analysed(),
                WarmUpDetector.find(hops));
    }

    private AnalysisSummary.Outputs outputs() {
        HopStatistics hops = run.hops();
        return new AnalysisSummary.Outputs(hops.completeOutputs(), hops.timedOutOutputs(),
                hops.outputsWithLineage(), hops.outputsWithoutRoot(),
                hops.lineageWithoutOutput());
    }

    /**
     * The timed-out tuples by why they ended, the most frequent reason first (ties in a fixed
     * order, whatever order the join's subtasks reported them in).
     */
    private List<TimedOut> timedOut() {
        return run.hops().timedOutByEnding().entrySet().stream()
                .sorted(Map.Entry.<TupleEnding, Long>comparingByValue().reversed()
                        .thenComparing(entry -> entry.getKey().toString()))
                .map(entry -> new TimedOut(entry.getKey().reason().name(),
                        entry.getKey().component(), entry.getKey().next(), entry.getValue(),
                        entry.getKey().explain(entry.getValue())))
                .toList();
    }

    /** Every hop row with violating samples, then the run if its duration is one. */
    private static List<Violation> violations(AnalysisSummary.Run runDuration,
            List<HopRow> hops) {
        List<Violation> violations = new ArrayList<>();
        for (HopRow row : hops) {
            if (row.violatingSamples() > 0) {
                violations.add(new Violation(row.hop(), row.locality(), row.violatingSamples(),
                        row.worstViolation()));
            }
        }
        if (runDuration.durationNs() != null) {
            TupleDuration duration = new TupleDuration(-1, runDuration.durationNs(),
                    runDuration.durationBoundNs());
            if (duration.upperLimitNs() < 0) {
                violations.add(new Violation("run", null, 1, duration));
            }
        }
        return violations;
    }

    private AnalysisSummary.Input input() {
        List<InputProblem> problems = new ArrayList<>(logSet.problems());
        long blocksSkipped = 0;
        long bytesSkipped = 0;
        long problemCount = logSet.problems().size();
        int notClosed = 0;
        for (FileReport report : run.reports().values()) {
            String file = logSet.channels().get(report.channel()).path();
            blocksSkipped += report.blocksSkipped();
            bytesSkipped += report.bytesSkipped();
            problemCount += report.problemCount();
            notClosed += report.closedCleanly() ? 0 : 1;
            report.problems().forEach(problem -> problems.add(
                    new InputProblem(file, InputProblem.Kind.LOG, problem)));
            if (report.ioError() != null) {
                problemCount++;
                problems.add(new InputProblem(file, InputProblem.Kind.UNREADABLE,
                        "reading stopped: "
                        + report.ioError() + "; what was read before is analysed"));
            }
        }
        int skipped = (int) logSet.problems().stream()
                .filter(problem -> problem.kind().skipsFile()).count();
        return new AnalysisSummary.Input(logSet.channels().size(), skipped, logSet.totalBytes(),
                run.bytesRead(), run.recordsRead(), blocksSkipped, bytesSkipped, notClosed,
                problemCount, problems);
    }

    private AnalysisSummary.Run runDuration() {
        ChannelInfo start = extreme(run.firstTsc(), ComponentRole.SOURCE, true);
        ChannelInfo end = extreme(run.pillTsc(), ComponentRole.SINK, false);
        Long sourceTuples = tuplesAt(ComponentRole.SOURCE);
        Long sinkTuples = tuplesAt(ComponentRole.SINK);
        if (start == null || end == null) {
            return new AnalysisSummary.Run(null, null, null, null, sourceTuples, null,
                    sinkTuples, "no " + (start == null ? "first tuple" : "poison pill")
                            + " in the FIRST_LAST channels of the "
                            + (start == null ? "sources" : "sinks")
                            + ": run duration and throughput unknown");
        }
        BoundedDuration duration = translator.duration(start.node(),
                run.firstTsc().get(start.index()), end.node(), run.pillTsc().get(end.index()));
        if (!duration.bounded()) {
            return new AnalysisSummary.Run(null, null, start.channel(), end.channel(),
                    sourceTuples, null, sinkTuples, "the first tuple and the last pill were"
                            + " logged on nodes " + start.node() + " and " + end.node()
                            + ", whose clocks are not synchronized: give --sync");
        }
        Double throughput = sourceTuples == null || duration.durationNs() <= 0 ? null
                : sourceTuples / (duration.durationNs() / 1e9);
        return new AnalysisSummary.Run(duration.durationNs(), duration.boundNs(),
                start.channel(), end.channel(), sourceTuples, throughput, sinkTuples,
                "from the sources' first tuple to the last end of run (-1) at a sink");
    }

    /**
     * The FIRST_LAST channel of components of {@code role} (any, without a topology) whose
     * reading is earliest ({@code earliest}) or latest, or null.
     */
    private ChannelInfo extreme(Map<Integer, Long> readings, ComponentRole role,
            boolean earliest) {
        ChannelInfo best = null;
        double bestSeconds = 0;
        for (Map.Entry<Integer, Long> reading : readings.entrySet()) {
            ChannelInfo channel = logSet.channels().get(reading.getKey());
            if (!channel.is(ProbePoint.FIRST_LAST) || !hasRole(channel, role)) {
                continue;
            }
            if (best == null) {
                best = channel;
                continue;
            }
            double seconds = translator.secondsBetween(best.node(), readings.get(best.index()),
                    channel.node(), reading.getValue());
            if (earliest ? seconds < bestSeconds : seconds > bestSeconds) {
                bestSeconds = 0;
                best = channel;
            }
        }
        return best;
    }

    private boolean hasRole(ChannelInfo channel, ComponentRole role) {
        return roles.isEmpty() || role == roles.get(channel.component());
    }

    /** Tuples entering components of {@code role}: counter channels, else {@code in} records. */
    private Long tuplesAt(ComponentRole role) {
        long counted = 0;
        boolean any = false;
        for (ChannelInfo channel : logSet.channels()) {
            List<Sample> samples = run.samples().get(channel.index());
            if (hasRole(channel, role) && channel.is(ProbePoint.COUNT) && samples != null
                    && !samples.isEmpty()) {
                counted += samples.get(samples.size() - 1).count();
                any = true;
            }
        }
        if (any) {
            return counted;
        }
        for (ChannelInfo channel : logSet.channels()) {
            FileReport report = run.reports().get(channel.index());
            if (hasRole(channel, role) && channel.is(ProbePoint.IN)
                    && report != null) {
                counted += report.recordsRead();
                any = true;
            }
        }
        return any ? counted : null;
    }

    private List<HopRow> hops() {
        List<HopRow> rows = new ArrayList<>();
        for (Hop hop : plan.hops()) {
            boolean any = false;
            for (Locality locality : Locality.values()) {
                HopCell cell = run.hops().get(hop.index(), locality);
                if (cell == null) {
                    continue;
                }
                any = true;
                boolean stats = cell.bounded() > 0;
                rows.add(new HopRow(hop.name(), hop.kind().name(), hop.from(), hop.to(),
                        locality.name(), cell.bounded() + cell.unbounded(), cell.bounded(),
                        cell.unbounded(), cell.negative(), cell.mostNegative(),
                        cell.violating(), cell.worstViolation(),
                        stats ? LatencyStats.of(cell.latencyNs()) : null,
                        stats ? LatencyStats.of(cell.boundNs()) : null, cell.paths(),
                        stats ? overTime(cell.overTime()) : null,
                        hop.kind() == HopKind.COMPUTE ? taskFigures(cell) : null));
            }
            if (!any && !fromOperatorEndToEnd(hop)) {
                rows.add(new HopRow(hop.name(), hop.kind().name(), hop.from(), hop.to(), "NONE",
                        0, 0, 0, 0, null, 0, null, null, null, Map.of(), null,
                        hop.kind() == HopKind.COMPUTE ? List.of() : null));
            }
        }
        return rows;
    }

    /**
     * Whether {@code hop} is an end-to-end hop from an inner operator: only the outputs it mints
     * outside the processing of a record (window and timer results) have it, so it is left out
     * of the rows while it has no samples.
     */
    private boolean fromOperatorEndToEnd(Hop hop) {
        return hop.kind() == HopKind.END_TO_END && logSet.topology() != null
                && logSet.topology().components().stream().anyMatch(component ->
                        component.id().equals(hop.from())
                                && component.role() == ComponentRole.INNER);
    }

    private static List<AnalysisSummary.TaskFigures> taskFigures(HopCell cell) {
        List<AnalysisSummary.TaskFigures> figures = new ArrayList<>();
        cell.tasks().forEach((task, samples) -> {
            SignedHistogram latencyNs = samples.latencyNs();
            figures.add(new AnalysisSummary.TaskFigures(task, latencyNs.totalCount(),
                    latencyNs.valueAtPercentile(50), latencyNs.valueAtPercentile(99),
                    samples.boundMaxNs()));
        });
        return figures;
    }

    private static AnalysisSummary.OverTime overTime(LatencyTimeline timeline) {
        List<AnalysisSummary.WindowPoint> points = new ArrayList<>();
        timeline.windows().forEach((index, window) -> {
            SignedHistogram latency = window.latencyNs();
            points.add(new AnalysisSummary.WindowPoint(index * timeline.windowNs(),
                    latency.totalCount(), latency.valueAtPercentile(50),
                    latency.valueAtPercentile(90), latency.valueAtPercentile(99), latency.max(),
                    window.boundMaxNs()));
        });
        return new AnalysisSummary.OverTime(timeline.windowNs(), points);
    }

    private AnalysisSummary.Analysed analysed() {
        return new AnalysisSummary.Analysed(selection.fromNs(),
                selection.toNs() == Long.MAX_VALUE ? null : selection.toNs(),
                runStart == null ? null : runStart.basis(), ANALYSED_RULE);
    }

    private List<Operator> operators() {
        double runSeconds = runSeconds();
        Map<String, List<String>> chains = chains();
        List<Operator> operators = new ArrayList<>();
        for (String component : plan.components()) {
            Set<Integer> tasks = new TreeSet<>();
            long tuples = 0;
            boolean counted = false;
            ThroughputSeries throughput = new ThroughputSeries(runSeconds);
            List<ChannelInfo> channels = channelsOf(component);
            for (ChannelInfo channel : channels) {
                tasks.add(channel.task());
                List<Sample> samples = run.samples().get(channel.index());
                if (channel.is(ProbePoint.COUNT) && samples != null && !samples.isEmpty()) {
                    counted = true;
                    tuples += samples.get(samples.size() - 1).count();
                    addCounter(channel, samples, throughput);
                }
            }
            ComponentRole role = channels.isEmpty() ? null : roles.get(channels.get(0).component());
            operators.add(new Operator(component, tasks.size(), counted ? tuples : null,
                    OperatorCpu.of(role, channels, run.samples(), run.reports(),
                            computeCells(component), translator,
                            chains.getOrDefault(component, List.of())),
                    throughput.points()));
        }
        return operators;
    }

    /**
     * For each component chained with others (chained hops join them into one thread), the
     * others, in plan order.
     */
    private Map<String, List<String>> chains() {
        Map<String, Set<String>> chain = new HashMap<>();
        for (Hop hop : plan.hops()) {
            if (hop.kind() == HopKind.CHAINED) {
                Set<String> joined = new LinkedHashSet<>();
                joined.addAll(chain.getOrDefault(hop.from(), Set.of(hop.from())));
                joined.addAll(chain.getOrDefault(hop.to(), Set.of(hop.to())));
                for (String member : joined) {
                    chain.put(member, joined);
                }
            }
        }
        Map<String, List<String>> others = new HashMap<>();
        for (String component : plan.components()) {
            Set<String> joined = chain.get(component);
            if (joined != null) {
                others.put(component, plan.components().stream()
                        .filter(c -> joined.contains(c) && !c.equals(component)).toList());
            }
        }
        return others;
    }

    /** The samples of {@code component}'s compute hop ({@code in -> out}), at any locality. */
    private List<HopCell> computeCells(String component) {
        List<HopCell> cells = new ArrayList<>();
        for (Hop hop : plan.hops()) {
            if (hop.kind() == HopKind.COMPUTE && hop.from().equals(component)) {
                for (Locality locality : Locality.values()) {
                    HopCell cell = run.hops().get(hop.index(), locality);
                    if (cell != null) {
                        cells.add(cell);
                    }
                }
            }
        }
        return cells;
    }

    private List<ChannelInfo> channelsOf(String component) {
        String prefix = logSet.topology() == null ? component : logSet.topology().components()
                .stream().filter(c -> c.id().equals(component))
                .map(Topology.Component::channelPrefix).findFirst().orElse(component);
        return logSet.channels().stream().filter(c -> c.component().equals(prefix)).toList();
    }

    /** Seconds from the run's start to {@code tsc} on the channel's clock; NaN if unknown. */
    private double seconds(ChannelInfo channel, long tsc) {
        return runStart == null ? Double.NaN
                : runStart.nsUntil(channel.node(), tsc, translator) / 1e9;
    }

    /** Seconds from the run's start to the last counter sample. */
    private double runSeconds() {
        double span = 0;
        for (Map.Entry<Integer, List<Sample>> entry : run.samples().entrySet()) {
            List<Sample> samples = entry.getValue();
            if (!samples.isEmpty()) {
                double last = seconds(logSet.channels().get(entry.getKey()),
                        samples.get(samples.size() - 1).tsc());
                span = Double.isFinite(last) ? Math.max(span, last) : span;
            }
        }
        return span;
    }

    /**
     * Adds one counter channel to {@code throughput}: its count is 0 when the channel opens,
     * then each sample's value at its time. A channel closed cleanly whose last sample holds the
     * trailer's calls accepted ends with that sample, taken at its close (docs/log-format.md).
     */
    private void addCounter(ChannelInfo channel, List<Sample> samples,
            ThroughputSeries throughput) {
        double[] seconds = new double[samples.size() + 1];
        long[] counts = new long[samples.size() + 1];
        int points = 0;
        int lastKept = -2;
        for (int i = -1; i < samples.size(); i++) {
            long tsc = i < 0 ? channel.openTsc() : samples.get(i).tsc();
            double at = seconds(channel, tsc);
            if (Double.isFinite(at) && (points == 0 || at >= seconds[points - 1])) {
                seconds[points] = at;
                counts[points] = i < 0 ? 0 : samples.get(i).count();
                lastKept = i;
                points++;
            }
        }
        FileReport report = run.reports().get(channel.index());
        boolean closed = lastKept == samples.size() - 1 && report != null
                && report.closedCleanly()
                && samples.get(lastKept).count() == report.callsAccepted();
        if (points > 1) {
            boolean opened = Double.isFinite(seconds(channel, channel.openTsc()));
            throughput.addCounter(Arrays.copyOf(seconds, points), Arrays.copyOf(counts, points),
                    opened, closed);
        }
    }

    private AnalysisSummary.Drops drops() {
        long dropped = 0;
        long rejected = 0;
        List<ChannelDrops> channels = new ArrayList<>();
        for (FileReport report : run.reports().values()) {
            if (report.recordsDropped() > 0 || report.callsRejected() > 0) {
                ChannelInfo channel = logSet.channels().get(report.channel());
                channels.add(new ChannelDrops(channel.channel(), channel.node(),
                        Math.max(0, report.recordsDropped()),
                        Math.max(0, report.callsRejected())));
                dropped += Math.max(0, report.recordsDropped());
                rejected += Math.max(0, report.callsRejected());
            }
        }
        long external = logSet.drops().stream().mapToLong(ExternalDrops::dropped).sum();
        return new AnalysisSummary.Drops(dropped, rejected, channels, logSet.drops(), external);
    }
}
