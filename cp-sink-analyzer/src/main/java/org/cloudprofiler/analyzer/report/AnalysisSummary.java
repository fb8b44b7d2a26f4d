package org.cloudprofiler.analyzer.report;

import java.util.List;
import java.util.Map;
import org.cloudprofiler.analyzer.input.ExternalDrops;
import org.cloudprofiler.analyzer.input.InputProblem;
import org.cloudprofiler.analyzer.stats.TupleDuration;

/**
 * What summary.json holds (schema in docs/analyzer-output.md): the model every output is
 * written from. All times in ns unless a name says otherwise. Immutable.
 *
 * @param finished false for a refresh while following
 * @param stopped the analysis was stopped before its job ended (Ctrl-C while following): the
 *     tuples it had not yet ended are in no figure
 */
public record AnalysisSummary(String format, boolean finished, boolean stopped,
        String referenceNode,
        String method, boolean synchronizedClocks, List<String> unsynchronizedPairs,
        Input input, Run run, Tuples tuples, List<HopRow> hops, List<Violation> violations,
        List<Operator> operators, Drops drops, List<String> notes, List<Tail> tail,
        Analysed analysed, WarmUp warmUp) {

    /** The value of {@code format}. */
    public static final String FORMAT = "cloudprofiler-analysis/2";

    /** What was read and what was skipped. */
    public record Input(int files, int filesSkipped, long bytes, long bytesRead,
            long recordsRead, long blocksSkipped, long bytesSkipped, int filesNotClosed,
            long problemCount, List<InputProblem> problems) {}

    /** Run duration and throughput, from the FIRST_LAST channels; nulls where not known. */
    public record Run(Double durationNs, Double durationBoundNs, String startChannel,
            String endChannel, Long sourceTuples, Double throughputTuplesPerSecond,
            Long sinkTuples, String note) {}

    /**
     * How the join ended for the tuples, the source records (docs/design.md, "Tuple lineage");
     * {@code timedOutBy} says why, summing to timedOut. {@code unsampled} tuples lack a record at
     * a point they passed while its channel's handler kept no ids ({@code NULL}, a counter, an
     * {@code OFF} rule): neither complete nor timed out. {@code outputs} are the records operators
     * minted ids for, counted apart. {@code sampledOneIn}: the run logged only the source records
     * whose root its sampling kept, about one in this many, and every count here is of those,
     * unscaled (1: every record).
     */
    public record Tuples(long complete, long timedOut, List<TimedOut> timedOutBy,
            long unsampled, long idRecords, int expectedRecordsPerTuple, long timeoutMillis,
            Outputs outputs, long sampledOneIn) {

        /** Tuples of a run that logged every record and whose operators minted no outputs. */
        public Tuples(long complete, long timedOut, List<TimedOut> timedOutBy, long unsampled,
                long idRecords, int expectedRecordsPerTuple, long timeoutMillis) {
            this(complete, timedOut, timedOutBy, unsampled, idRecords, expectedRecordsPerTuple,
                    timeoutMillis, new Outputs(0, 0, 0, 0, 0), 1);
        }
    }

    /**
     * Records an operator minted an id for (a fan-out's further outputs, window and timer
     * results), not tuples of their own.
     *
     * @param complete those all of whose records from that operator on arrived
     * @param timedOut those given up on at their time-out
     * @param withLineage of both, those with a lineage record: their end to end runs from
     *     their source record
     * @param rootNotFound of those, the ones whose source record did not arrive in time (no
     *     end-to-end sample)
     * @param lineageWithoutOutput lineage records no id record of their output came with
     */
    public record Outputs(long complete, long timedOut, long withLineage, long rootNotFound,
            long lineageWithoutOutput) {}

    /**
     * Tuples that timed out for one reason (a {@code TupleEnding.Reason} name).
     *
     * @param component where, or null
     * @param next the component never reached ({@code NOT_REACHED}), else null
     */
    public record TimedOut(String reason, String component, String next, long tuples,
            String explanation) {}

    /**
     * One hop at one locality. {@code latencyNs} and {@code boundNs} are null without bounded
     * samples; {@code mostNegative} and {@code worstViolation} are null without such samples.
     * {@code tasks} holds a compute hop's figures per task, in task order (null for the other
     * kinds).
     */
    public record HopRow(String hop, String kind, String from, String to, String locality,
            long samples, long boundedSamples, long unboundedSamples, long negativeSamples,
            TupleDuration mostNegative, long violatingSamples, TupleDuration worstViolation,
            LatencyStats latencyNs, LatencyStats boundNs, Map<String, Long> paths,
            OverTime overTime, List<TaskFigures> tasks) {}

    /**
     * A compute hop's bounded samples inside one task: percentiles as {@code latencyNs}'s, from
     * a histogram of 2 significant digits (exact below 256 ns in magnitude, within 1% above).
     *
     * @param task the task id
     * @param boundMax the largest bound of its samples
     */
    public record TaskFigures(int task, long samples, double p50, double p99, double boundMax) {}

    /**
     * A hop row's latencies per window of time, by when its hop started on the reference clock;
     * null without bounded samples.
     *
     * @param windowNs the width of every window (the one asked for, doubled as often as the
     *     run's length needs to keep at most {@code LatencyTimeline.MAX_WINDOWS})
     * @param points the windows with samples, in time order
     */
    public record OverTime(long windowNs, List<WindowPoint> points) {}

    /**
     * One window of a hop row: percentiles as {@code latencyNs}'s, from a histogram of 2
     * significant digits (exact below 256 ns in magnitude, within 1% above).
     *
     * @param startNs the window's start, ns since the run's start
     * @param samples bounded samples in it
     * @param boundMax the largest bound of them
     */
    public record WindowPoint(long startNs, long samples, double p50, double p90, double p99,
            double max, double boundMax) {}

    /**
     * Which part of the run the hop rows describe: the samples whose hop started in
     * {@code [fromNs, toNs)} after the run's start on the reference clock.
     *
     * @param toNs null for the end of the logs
     * @param runStart what the run's start is (the zero of every time)
     * @param rule which samples are in, in words
     */
    public record Analysed(long fromNs, Long toNs, String runStart, String rule) {}

    /**
     * The seconds before latency settled.
     *
     * @param endNs when it ended, ns since the run's start; null if every hop was settled from
     *     its first window, or no hop had enough windows to tell
     * @param rule how it is found
     * @param hop the hop row that settled last, or null
     * @param p99MaxNs the highest per-window p99 of any hop row during the warm-up, or null
     * @param p99MaxHop that hop row, or null
     * @param neverSettled the hop rows whose latency never settled, which do not move
     *     {@code endNs}
     */
    public record WarmUp(Long endNs, String rule, String hop, Double p99MaxNs,
            String p99MaxHop, List<String> neverSettled) {

        /** A summary written before hops could be named as never settled has none. */
        public WarmUp {
            neverSettled = neverSettled == null ? List.of() : List.copyOf(neverSettled);
        }
    }

    /**
     * Durations below zero by more than their bound, which no true duration is: those of one
     * hop row, or the run's.
     *
     * @param what the hop's name, or {@code run} for the run's duration
     * @param locality the hop row's locality; null for the run
     * @param samples how many
     * @param worst the one furthest below zero with its bound; its tuple id -1 for the run
     */
    public record Violation(String what, String locality, long samples, TupleDuration worst) {}


    /** One component: its tuples, CPU (null without CPU samples) and throughput over time. */
    public record Operator(String component, int tasks, Long tuples, Cpu cpu,
            List<double[]> throughput) {}

    /**
     * The CPU time of one component's executor threads while its CPU channels sampled, per tuple
     * that entered it, split at its {@code in} and {@code out} points into the user's code and
     * the rest (the engine). A part the points cannot separate is null, and {@code note} says
     * why.
     *
     * @param tuples tuples that entered over the sampled span
     * @param tuplesPerSecond the rate they entered at (all tasks), null if a span is not known
     * @param threadNs the threads' CPU time over the span
     * @param threadNsPerTuple {@code threadNs / tuples}, null without tuples
     * @param inTuples tuples the {@code in} channels recorded (the whole run)
     * @param userCodeTuples of those, tuples that also have an {@code out} at the same task
     * @param userCodeNsPerTuple the {@code in -> out} times summed over {@code userCodeTuples},
     *     divided by {@code inTuples}; null if any of those times is unbounded
     * @param engineNsPerTuple {@code threadNsPerTuple - userCodeNsPerTuple}
     * @param note why a part is null, else null
     */
    public record Cpu(long tuples, Double tuplesPerSecond, long threadNs, Double threadNsPerTuple,
            long inTuples, long userCodeTuples, Double userCodeNsPerTuple,
            Double engineNsPerTuple, String note) {}

    /**
     * The slowest tuples of one end-to-end hop (all localities) and which hops on their way made
     * them slow ("The tail" in docs/analyzer-output.md).
     *
     * @param hop the end-to-end hop, {@code S => K}
     * @param tuples tuples in the tail: the slowest 1% of {@code ofTuples}, and those within
     *     1% of its lowest latency
     * @param ofTuples tuples with a bounded end-to-end sample
     * @param thresholdNs the lowest end-to-end latency in the tail
     * @param meanNs the tail's mean end-to-end latency
     * @param meanBoundNs the mean of its bounds: a bound of {@code meanNs}
     * @param dominant the hop that was the largest on the way for most tail tuples; null if no
     *     tail tuple had one largest hop, or several hops were that for as many tuples
     * @param hops the hops on the way, in data-flow order
     */
    public record Tail(String hop, long tuples, long ofTuples, double thresholdNs, double meanNs,
            double meanBoundNs, String dominant, List<TailHop> hops) {}

    /**
     * One hop on the way of a tail's tuples.
     *
     * @param hop the hop's name
     * @param kind {@code TRANSFER}, {@code CHAINED} or {@code COMPUTE}
     * @param meanShare the mean, over the tail's tuples, of this hop's latency divided by the
     *     tuple's end-to-end latency (0 for a tuple without a bounded sample of it)
     * @param samples tail tuples with a bounded sample of this hop
     * @param meanNs the mean latency of those samples, null without any
     * @param meanBoundNs the mean of their bounds: a bound of {@code meanNs}; null without any
     * @param dominantTuples tail tuples for which this hop was the largest on the way, and no
     *     other hop as large
     */
    public record TailHop(String hop, String kind, double meanShare, long samples, Double meanNs,
            Double meanBoundNs, long dominantTuples) {}

    /** Records the channels lost and counts from drops.json. */
    public record Drops(long channelRecordsDropped, long channelCallsRejected,
            List<ChannelDrops> channels, List<ExternalDrops> external, long externalDropped) {}

    /** The losses of one channel, from its trailer. */
    public record ChannelDrops(String channel, String node, long recordsDropped,
            long callsRejected) {}
}
