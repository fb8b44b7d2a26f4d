package org.cloudprofiler.analyzer.input;

import java.io.IOException;
import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;
import org.cloudprofiler.analyzer.clock.BoundedDuration;
import org.cloudprofiler.analyzer.clock.DurationTranslator;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.log.LogColumn;
import org.cloudprofiler.log.LogHeader;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.log.RecordBlock;
import org.cloudprofiler.topology.ComponentRole;

/**
 * The moment the run started, the zero of every time the analysis gives (latency over time,
 * {@code --from} and {@code --to}, throughput over time), decided once for the whole analysis,
 * {@code --follow} included: the sources' first tuple, the earliest first record of their
 * {@code first-last} channels (of every component without topology.json), read before the job
 * starts; without one (none logged yet, or none readable), the earliest opening of a channel.
 * Immutable.
 *
 * @param node the node whose clock {@code tsc} is on
 * @param tsc the clock reading
 * @param basis what the moment is, in words
 */
public record RunStart(String node, long tsc, String basis) implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Finds the run's start in {@code logSet}, comparing nodes' clocks with {@code translator}. */
    public static RunStart of(LogSet logSet, DurationTranslator translator) {
        Map<String, ComponentRole> roles = new TreeMap<>();
        if (logSet.topology() != null) {
            logSet.topology().components().forEach(component ->
                    roles.put(component.channelPrefix(), component.role()));
        }
        RunStart earliest = null;
        for (ChannelInfo channel : logSet.channels()) {
            boolean source = roles.isEmpty()
                    || roles.get(channel.component()) == ComponentRole.SOURCE;
            if (channel.is(ProbePoint.FIRST_LAST) && source) {
                Long tsc = firstTupleTsc(channel);
                if (tsc != null) {
                    earliest = earlier(earliest, new RunStart(channel.node(), tsc,
                            "the sources' first tuple"), translator);
                }
            }
        }
        if (earliest != null) {
            return earliest;
        }
        for (ChannelInfo channel : logSet.channels()) {
            earliest = earlier(earliest, new RunStart(channel.node(), channel.openTsc(),
                    "the first channel's opening (no first tuple logged)"), translator);
        }
        return earliest;
    }

    /**
     * Ns from the run's start to {@code tsc} on {@code node}'s clock: on the reference clock
     * where the clocks are related, else by the wall clocks the channels recorded at opening;
     * NaN if neither.
     */
    public double nsUntil(String node, long tsc, DurationTranslator translator) {
        BoundedDuration sinceStart = translator.duration(this.node, this.tsc, node, tsc);
        return sinceStart.bounded() ? sinceStart.durationNs()
                : translator.secondsBetween(this.node, this.tsc, node, tsc) * 1e9;
    }

    private static RunStart earlier(RunStart a, RunStart b, DurationTranslator translator) {
        return a == null || translator.secondsBetween(a.node, a.tsc, b.node, b.tsc) < 0 ? b : a;
    }

    /** The clock reading of the channel's first tuple (not a pill), or null. */
    private static Long firstTupleTsc(ChannelInfo channel) {
        try (LogReader reader = LogStorage.of(channel.path()).openLog(channel.path(), 0)) {
            LogHeader header = reader.header();
            if (header == null) {
                return null;
            }
            int tsc = header.columnIndex(LogColumn.TSC);
            int id = header.columnIndex(LogColumn.ID);
            RecordBlock block = reader.nextBlock();
            if (tsc < 0 || block == null || block.recordCount() == 0
                    || (id >= 0 && block.value(id, 0) == -1)) {
                return null;
            }
            return block.value(tsc, 0);
        } catch (IOException | RuntimeException e) {
            return null; // the job reports what is wrong with the file
        }
    }
}
