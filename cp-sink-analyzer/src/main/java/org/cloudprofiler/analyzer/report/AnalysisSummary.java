package org.cloudprofiler.analyzer.report;

import java.util.List;
import java.util.Map;
import org.cloudprofiler.analyzer.input.ExternalDrops;
import org.cloudprofiler.analyzer.input.InputProblem;

/**
 * What summary.json holds (schema in docs/analyzer-output.md): the model every output is
 * written from. All times in ns unless a name says otherwise. Immutable.
 */
public record AnalysisSummary(String format, boolean finished, String referenceNode,
        String method, boolean synchronizedClocks, List<String> unsynchronizedPairs,
        Input input, Run run, Tuples tuples, List<HopRow> hops, List<Operator> operators,
        Drops drops, List<String> notes) {

    /** The value of {@code format}. */
    public static final String FORMAT = "cloudprofiler-analysis/1";

    /** What was read and what was skipped. */
    public record Input(int files, int filesSkipped, long bytes, long bytesRead,
            long recordsRead, long blocksSkipped, long bytesSkipped, int filesNotClosed,
            long problemCount, List<InputProblem> problems) {}

    /** Run duration and throughput, from the FIRST_LAST channels; nulls where not known. */
    public record Run(Double durationNs, Double durationBoundNs, String startChannel,
            String endChannel, Long sourceTuples, Double throughputTuplesPerSecond,
            Long sinkTuples, String note) {}

    /** How the join ended for the tuples. */
    public record Tuples(long complete, long timedOut, long idRecords, int expectedRecordsPerTuple,
            long timeoutMillis) {}

    /** One hop at one locality. {@code latencyNs} and {@code boundNs} are null without bounded samples. */
    public record HopRow(String hop, String kind, String from, String to, String locality,
            long samples, long boundedSamples, long unboundedSamples, long negativeSamples,
            LatencyStats latencyNs, LatencyStats boundNs, Map<String, Long> paths) {}

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
     *     divided by {@code inTuples}
     * @param engineNsPerTuple {@code threadNsPerTuple - userCodeNsPerTuple}
     * @param note why a part is null, else null
     */
    public record Cpu(long tuples, Double tuplesPerSecond, long threadNs, Double threadNsPerTuple,
            long inTuples, long userCodeTuples, Double userCodeNsPerTuple,
            Double engineNsPerTuple, String note) {}

    /** Records the channels lost and counts from drops.json. */
    public record Drops(long channelRecordsDropped, long channelCallsRejected,
            List<ChannelDrops> channels, List<ExternalDrops> external, long externalDropped) {}

    /** The losses of one channel, from its trailer. */
    public record ChannelDrops(String channel, String node, long recordsDropped,
            long callsRejected) {}
}
