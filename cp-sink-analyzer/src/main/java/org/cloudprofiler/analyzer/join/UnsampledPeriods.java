package org.cloudprofiler.analyzer.join;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.cloudprofiler.analyzer.input.ChannelInfo;

/**
 * When the awaited points of a {@link HopPlan} were under a handler that keeps no tuple ids
 * ({@link ChannelInfo#keepsNoIds()}: {@code NULL}, a counter, an {@code OFF} rule), by component
 * and point, in wall-clock ns: a {@code NET_CONF} channel that follows its rule writes each
 * handler's period to its own file, from its header's clock reading to its trailer's
 * (docs/log-format.md, "Channels whose handler changes"). A tuple that lacks its record at such
 * a point while it was in flight was not sampled there, rather than lost. Immutable.
 */
final class UnsampledPeriods implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Per channel index, its file: how a record's clock reading becomes wall-clock time. */
    private final List<ChannelInfo> channels;
    /** Per component and point, the periods as {@code [start, end]} pairs of ns; or null. */
    private final long[][][] periodsNs;
    /** Whether any point has a period: most runs have none, and their tuples skip the check. */
    private final boolean any;

    private UnsampledPeriods(List<ChannelInfo> channels, long[][][] periodsNs, boolean any) {
        this.channels = List.copyOf(channels);
        this.periodsNs = periodsNs;
        this.any = any;
    }

    /**
     * The periods of the {@code awaited} channels that keep no ids.
     *
     * @param component per channel index, its component's index
     * @param point per channel index, its point ({@link HopPlan#IN}, {@link HopPlan#OUT})
     * @param components how many components the plan has
     */
    static UnsampledPeriods of(List<ChannelInfo> channels, int[] component, byte[] point,
            boolean[] awaited, int components) {
        List<List<Long>> periods = new ArrayList<>();
        for (int i = 0; i < components * 3; i++) {
            periods.add(new ArrayList<>());
        }
        for (ChannelInfo channel : channels) {
            int i = channel.index();
            if (awaited[i] && channel.keepsNoIds()) {
                List<Long> pairs = periods.get(component[i] * 3 + point[i]);
                pairs.add(channel.eventTimeNs(channel.openTsc()));
                pairs.add(endNs(channel, channels));
            }
        }
        long[][][] periodsNs = new long[components][3][];
        boolean any = false;
        for (int c = 0; c < components; c++) {
            for (int p = 0; p < 3; p++) {
                List<Long> pairs = periods.get(c * 3 + p);
                periodsNs[c][p] = pairs.isEmpty() ? null
                        : pairs.stream().mapToLong(Long::longValue).toArray();
                any |= !pairs.isEmpty();
            }
        }
        return new UnsampledPeriods(channels, periodsNs, any);
    }

    /**
     * Where {@code channel}'s period ends: its trailer's close; without one (the process died),
     * when the next file of the same channel on its node opened; else never.
     */
    private static long endNs(ChannelInfo channel, List<ChannelInfo> channels) {
        if (channel.closeTsc() != ChannelInfo.NOT_KNOWN) {
            return channel.eventTimeNs(channel.closeTsc());
        }
        long end = Long.MAX_VALUE;
        for (ChannelInfo next : channels) {
            if (next.node().equals(channel.node()) && next.channel().equals(channel.channel())
                    && next.openTsc() > channel.openTsc()) {
                end = Math.min(end, channel.eventTimeNs(next.openTsc()));
            }
        }
        return end;
    }

    /**
     * Whether {@code tuple}, which ended without every awaited record, lacks one at a point
     * while a channel of that point kept no ids: from its first record to its last plus
     * {@code timeoutNs}, the time in which it could have passed there; only at points a tuple
     * that starts at {@code start} ({@link HopPlan#startOf}) passes.
     */
    boolean explain(HopPlan plan, TupleEvents tuple, int start, long timeoutNs) {
        if (!any) {
            return false;
        }
        long firstNs = Long.MAX_VALUE;
        long lastNs = Long.MIN_VALUE;
        boolean[][] seen = new boolean[periodsNs.length][3];
        for (int i = 0; i < tuple.size; i++) {
            int channel = tuple.channels[i];
            seen[plan.component(channel)][plan.point(channel)] = true;
            long ns = channels.get(channel).eventTimeNs(tuple.tscs[i]);
            firstNs = Math.min(firstNs, ns);
            lastNs = Math.max(lastNs, ns);
        }
        long untilNs = lastNs > Long.MAX_VALUE - timeoutNs ? Long.MAX_VALUE : lastNs + timeoutNs;
        for (int c = 0; c < periodsNs.length; c++) {
            for (byte p = HopPlan.IN; p <= HopPlan.OUT; p++) {
                if (!seen[c][p] && plan.passes(start, c)
                        && overlaps(periodsNs[c][p], firstNs, untilNs)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean overlaps(long[] pairs, long fromNs, long toNs) {
        for (int i = 0; pairs != null && i < pairs.length; i += 2) {
            if (pairs[i] <= toNs && pairs[i + 1] >= fromNs) {
                return true;
            }
        }
        return false;
    }
}
