package org.cloudprofiler.analyzer;

import java.util.ArrayList;
import java.util.List;
import org.cloudprofiler.analyzer.clock.NodeClock;
import org.cloudprofiler.analyzer.input.ChannelInfo;
import org.cloudprofiler.analyzer.input.LogSet;
import org.cloudprofiler.analyzer.input.Topology;
import org.cloudprofiler.analyzer.join.Hop;
import org.cloudprofiler.analyzer.join.HopPlan;
import org.cloudprofiler.channel.ProbePoint;

/**
 * For each channel whose header failed its checksum, a note naming the figures its records feed
 * and where their clock came from instead: the reader's {@code BAD_HEADER_CRC} among the problems
 * does not say what it cost.
 */
final class DamagedHeaderNotes {


    private DamagedHeaderNotes() {}

    /**
     * @param synchronizedClocks whether sync.json was given: then durations take every clock
     *     from it, not from headers
     */
    static List<String> of(LogSet logSet, HopPlan plan, boolean synchronizedClocks) {
        List<String> notes = new ArrayList<>();
        for (int index : logSet.damagedHeaders()) {
            ChannelInfo channel = logSet.channels().get(index);
            NodeClock clock = logSet.clocks().get(channel.node());
            String clockSource = synchronizedClocks
                    ? "its durations take " + channel.node() + "'s clock from the sync data"
                    : clock.known()
                    ? "its clock frequency and open time are taken from " + channel.node()
                            + "'s intact headers instead"
                    : channel.node() + " has no intact header, so its clock frequency is"
                            + " unknown and durations on " + channel.node() + " are unbounded,"
                            + " reported without a number (Fix: give --sync)";
            notes.add(channel.path() + ": its header failed its checksum and is not trusted for"
                    + " timing: " + clockSource + ". Figures its records feed: "
                    + figures(channel, componentId(logSet.topology(), channel), plan));
        }
        return notes;
    }

    /** The topology's id of the channel's component, as {@link HopPlan} names hops by it. */
    private static String componentId(Topology topology, ChannelInfo channel) {
        if (topology != null) {
            for (Topology.Component component : topology.components()) {
                if (component.channelPrefix().equals(channel.component())) {
                    return component.id();
                }
            }
        }
        return channel.component();
    }

    private static String figures(ChannelInfo channel, String component, HopPlan plan) {
        if (channel.is(ProbePoint.FIRST_LAST)) {
            return "the run duration and throughput";
        }
        boolean in = channel.is(ProbePoint.IN);
        boolean out = channel.is(ProbePoint.OUT);
        List<String> hops = new ArrayList<>();
        for (Hop hop : plan.hops()) {
            boolean starts = hop.from().equals(component);
            boolean ends = hop.to().equals(component);
            // A compute hop runs from in to out, a transfer (chained or not) from out to in, end
            // to end in to in, a watermark hop from a watermark-out to in.
            boolean fed = switch (hop.kind()) {
                case COMPUTE -> starts && (in || out);
                case TRANSFER, CHAINED -> starts && out || ends && in;
                case END_TO_END -> (starts || ends) && in;
                case WATERMARK -> ends && in || starts && channel.is(ProbePoint.WATERMARK_OUT);
            };
            if (fed) {
                hops.add(hop.name());
            }
        }
        return hops.isEmpty() ? "no duration" : "hops " + String.join(", ", hops);
    }
}
