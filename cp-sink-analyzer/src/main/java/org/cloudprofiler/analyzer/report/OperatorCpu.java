package org.cloudprofiler.analyzer.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.cloudprofiler.analyzer.clock.BoundedDuration;
import org.cloudprofiler.analyzer.clock.DurationTranslator;
import org.cloudprofiler.analyzer.input.ChannelInfo;
import org.cloudprofiler.analyzer.input.FileReport;
import org.cloudprofiler.analyzer.stats.HopCell;
import org.cloudprofiler.analyzer.stats.RunAccumulator.Sample;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.topology.ComponentRole;

/**
 * Splits one component's CPU per tuple (the seed paper's task-level CPU efficiency) into the
 * user's code and the engine (docs/analyzer-output.md, "CPU per tuple"). The thread's CPU comes
 * from its {@code cpu} channels; the user's code from its compute hop, the wall time from
 * {@code in} to {@code out} on the executor thread, which no extra clock read on the hot path
 * pays for. Stateless.
 */
final class OperatorCpu {

    private static final String SOURCE_NOTE = "a source logs in and out around its emit,"
            + " after its own code has made the tuple";
    private static final String SINK_NOTE = "a sink emits nothing, so no out ends its code";
    private static final String NO_COMPUTE_NOTE = "no tuple has both an in and an out record at"
            + " one task (in or out channel off, or sampled apart)";
    private static final String OVER_THREAD_NOTE = "in -> out takes longer than the thread's"
            + " CPU: the thread was descheduled between the points, or the component emits"
            + " tuples in a later call than the one that took them in (a window, a batch); the"
            + " user's code figure is an upper bound and the engine's share is not known";

    private static final String UNBOUNDED_NOTE = "%,d of its %,d compute samples are unbounded"
            + " (a node without a clock map to the reference): the user's code per tuple would"
            + " leave their time out, so it is not given. Fix: give --sync the sync.json that"
            + " covers every node";

    private static final String CHAINED_NOTE = "runs in one thread with %s (Flink's operator"
            + " chaining): the thread's CPU is theirs together; the user's code figure is its"
            + " own";

    private OperatorCpu() {}

    /**
     * The split, or null if no {@code cpu} channel of the component has two samples that read
     * the writer thread's CPU clock.
     *
     * @param role the component's role in topology.json, or null without one
     * @param channels the component's channels
     * @param samples counter and CPU samples per channel index
     * @param reports the read report per channel index
     * @param computeCells the samples of the component's compute hop (any locality)
     * @param sharesThreadWith the components chained with it, whose work its thread's CPU
     *     includes (empty if none)
     */
    static AnalysisSummary.Cpu of(ComponentRole role, List<ChannelInfo> channels,
            Map<Integer, List<Sample>> samples, Map<Integer, FileReport> reports,
            List<HopCell> computeCells, DurationTranslator translator,
            List<String> sharesThreadWith) {
        long tuples = 0;
        long threadNs = 0;
        double tuplesPerSecond = 0;
        boolean rateKnown = true;
        boolean measured = false;
        long inTuples = 0;
        for (ChannelInfo channel : channels) {
            if (channel.is(ProbePoint.IN) && reports.containsKey(channel.index())) {
                inTuples += reports.get(channel.index()).recordsRead();
            }
            List<Sample> taskSamples = samples.get(channel.index());
            if (!channel.is(ProbePoint.CPU) || taskSamples == null) {
                continue;
            }
            // cpu_ns is -1 before the writer's first call and after its thread ended, and the
            // thread's clock counts from the thread's start: only the difference of two
            // readings is the CPU of a known span.
            List<Sample> read = taskSamples.stream().filter(s -> s.cpuNs() >= 0).toList();
            if (read.size() < 2) {
                continue;
            }
            measured = true;
            Sample from = read.get(0);
            Sample to = read.get(read.size() - 1);
            long taskTuples = to.count() - from.count();
            tuples += taskTuples;
            threadNs += to.cpuNs() - from.cpuNs();
            BoundedDuration span = translator.duration(channel.node(), from.tsc(),
                    channel.node(), to.tsc());
            if (span.bounded() && span.durationNs() > 0) {
                tuplesPerSecond += taskTuples / (span.durationNs() / 1e9);
            } else {
                rateKnown = false;
            }
        }
        if (!measured) {
            return null;
        }
        Double threadNsPerTuple = tuples > 0 ? (double) threadNs / tuples : null;
        long userCodeTuples = 0;
        long unboundedTuples = 0;
        double userCodeNs = 0;
        for (HopCell cell : computeCells) {
            userCodeTuples += cell.bounded() + cell.unbounded();
            unboundedTuples += cell.unbounded();
            userCodeNs += cell.bounded() == 0 ? 0 : cell.latencyNs().mean() * cell.bounded();
        }
        Double userCodeNsPerTuple = null;
        Double engineNsPerTuple = null;
        String note = null;
        if (role == ComponentRole.SOURCE) {
            note = SOURCE_NOTE;
        } else if (userCodeTuples == 0 || inTuples == 0) {
            note = role == ComponentRole.SINK ? SINK_NOTE : NO_COMPUTE_NOTE;
        } else if (unboundedTuples > 0) {
            // A sum over the bounded samples divided by every tuple that entered would count
            // the unbounded ones as taking no time: no number rather than a wrong one.
            note = String.format(Locale.ROOT, UNBOUNDED_NOTE, unboundedTuples, userCodeTuples);
        } else {
            // Per tuple that entered: a tuple that never left (filtered) spent no time between
            // in and out, so its visit to the user's code counts as the engine's.
            userCodeNsPerTuple = userCodeNs / inTuples;
            if (!sharesThreadWith.isEmpty()) {
                note = String.format(CHAINED_NOTE, String.join(", ", sharesThreadWith));
            } else if (threadNsPerTuple != null && userCodeNsPerTuple <= threadNsPerTuple) {
                engineNsPerTuple = threadNsPerTuple - userCodeNsPerTuple;
            } else if (threadNsPerTuple != null) {
                note = OVER_THREAD_NOTE;
            }
        }
        return new AnalysisSummary.Cpu(tuples, rateKnown ? tuplesPerSecond : null, threadNs,
                threadNsPerTuple, inTuples, userCodeTuples, userCodeNsPerTuple, engineNsPerTuple,
                note);
    }
}
