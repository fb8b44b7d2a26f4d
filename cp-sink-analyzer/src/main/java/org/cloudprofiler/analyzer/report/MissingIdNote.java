package org.cloudprofiler.analyzer.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.cloudprofiler.analyzer.element.AnalysisElement.Kind;
import org.cloudprofiler.analyzer.input.ChannelInfo;
import org.cloudprofiler.analyzer.input.FileReport;
import org.cloudprofiler.analyzer.input.LogSet;
import org.cloudprofiler.analyzer.input.Topology;
import org.cloudprofiler.analyzer.stats.HopStatistics;
import org.cloudprofiler.analyzer.stats.RunAccumulator;
import org.cloudprofiler.analyzer.stats.RunAccumulator.Sample;
import org.cloudprofiler.channel.ProbePoint;

/**
 * The one line that says why a run with records has no samples at a point: records entered a
 * component (its {@code count} or {@code cpu} channels counted them) but its {@code in} channels,
 * whose handler keeps ids, logged none (the engines count such records as missing ids), or it
 * has no {@code in} channel at all (set {@code OFF}, or its files not among the logs). Names the
 * first such point along the data flow (every hop after it lacks samples too) and the fix; else,
 * if no tuple was joined at all, says why. Stateless.
 */
final class MissingIdNote {

    private static final String FIX = "Fix: profile the job as docs/flink.md and docs/storm.md"
            + " say, so that every source record gets an id (the source's own, one a"
            + " withTupleIds extractor gives, or one the profiler mints), and check that the"
            + " task's in channel keeps ids";

    private static final String AT_A_POINT = "no tuple ids at ";
    private static final String NOWHERE = "no tuple was joined: ";

    private MissingIdNote() {}

    /** Whether {@code note} is one this class wrote. */
    static boolean isOne(String note) {
        return note.startsWith(AT_A_POINT) || note.startsWith(NOWHERE);
    }

    /** The note, or null if every point that saw records saw ids, and some tuple was joined. */
    static String of(LogSet logSet, RunAccumulator run) {
        Map<String, long[]> byComponent = new LinkedHashMap<>();
        for (String component : flowOrder(logSet)) {
            byComponent.put(component, new long[4]);
        }
        for (ChannelInfo channel : logSet.channels()) {
            // Per component: records counted entering, id records at in, in channels without
            // ids, in channels that keep ids.
            long[] figures = byComponent.computeIfAbsent(channel.component(), c -> new long[4]);
            List<Sample> samples = run.samples().get(channel.index());
            if ((channel.is(ProbePoint.COUNT) || channel.is(ProbePoint.CPU)) && samples != null
                    && !samples.isEmpty()) {
                figures[0] = Math.max(figures[0], entered(logSet, run, channel.component()));
            }
            FileReport report = run.reports().get(channel.index());
            if (channel.is(ProbePoint.IN) && channel.elementKind() == Kind.ID) {
                figures[3]++;
                figures[1] += report == null ? 0 : report.recordsRead();
            }
            if (channel.keepsNoIds() && channel.is(ProbePoint.IN)) {
                figures[2]++;
            }
        }
        for (Map.Entry<String, long[]> component : byComponent.entrySet()) {
            long[] figures = component.getValue();
            if (figures[0] > 0 && figures[3] > 0 && figures[1] == 0 && figures[2] == 0) {
                return String.format(Locale.ROOT, AT_A_POINT + "%s/in: %,d records entered"
                        + " it (its count or cpu channels) and none carried an id (missing ids),"
                        + " so no hop through it has samples. %s", component.getKey(),
                        figures[0], FIX);
            }
            if (figures[0] > 0 && figures[3] == 0 && figures[2] == 0) {
                return String.format(Locale.ROOT, AT_A_POINT + "%s/in: %,d records entered it"
                        + " (its count or cpu channels) but it has no in channel among the logs,"
                        + " so no hop into or through it has samples. Fix: give %1$s's in"
                        + " channel a handler that keeps ids (no OFF rule for it in"
                        + " cloudprofiler.handlers), and pass --logs the directory of every node"
                        + " its tasks ran on", component.getKey(), figures[0]);
            }
        }
        HopStatistics hops = run.hops();
        if (hops.completeTuples() + hops.timedOutTuples() + hops.unsampledTuples()
                + hops.completeOutputs() + hops.timedOutOutputs() == 0) {
            return NOWHERE + "no in or out channel of the logs holds a tuple id record, so no"
                    + " hop has samples. " + FIX;
        }
        return null;
    }

    /** The components' channel prefixes along the data flow, as far as topology.json tells. */
    private static List<String> flowOrder(LogSet logSet) {
        List<String> order = new ArrayList<>();
        Topology topology = logSet.topology();
        if (topology == null) {
            return order;
        }
        List<String> remaining = new ArrayList<>(topology.components().stream()
                .map(Topology.Component::id).toList());
        while (!remaining.isEmpty()) {
            String next = remaining.stream().filter(id -> topology.edges().stream()
                    .noneMatch(edge -> edge.to().equals(id) && remaining.contains(edge.from())))
                    .findFirst().orElse(remaining.get(0));
            remaining.remove(next);
            topology.components().stream().filter(c -> c.id().equals(next)).findFirst()
                    .ifPresent(c -> order.add(c.channelPrefix()));
        }
        return order;
    }

    /** Records that entered {@code component}: its count or cpu channels' last counts, summed. */
    private static long entered(LogSet logSet, RunAccumulator run, String component) {
        long counted = 0;
        long cpu = 0;
        for (ChannelInfo channel : logSet.channels()) {
            List<Sample> samples = run.samples().get(channel.index());
            if (!channel.component().equals(component) || samples == null || samples.isEmpty()) {
                continue;
            }
            long last = samples.get(samples.size() - 1).count();
            if (channel.is(ProbePoint.COUNT)) {
                counted += last;
            } else if (channel.is(ProbePoint.CPU)) {
                cpu += last;
            }
        }
        return Math.max(counted, cpu);
    }
}
