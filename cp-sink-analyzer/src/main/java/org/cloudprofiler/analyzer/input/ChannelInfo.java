package org.cloudprofiler.analyzer.input;

import java.io.Serializable;
import org.cloudprofiler.analyzer.element.AnalysisElement.Kind;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.log.HandlerType;

/**
 * One channel log file of the log set, as its header describes it. Immutable.
 *
 * @param index position in the {@link LogSet}'s channel list: how elements name their channel
 * @param path the file: a path, or a URI of a Flink filesystem ({@link LogStorage})
 * @param sizeBytes its size when the log set was scanned
 * @param node the node id the header states
 * @param channel the channel name, {@code <operator>/<task>/<point>}
 * @param component the channel name's operator part (the whole name if it has no three parts)
 * @param task the task part, or -1 if it is not a number
 * @param point the point part ({@code in}, {@code out}, ...), or empty
 * @param handler the handler that wrote the file
 * @param tscHz the writer's clock frequency estimate
 * @param openTsc clock reading when the channel opened
 * @param openRealtimeNs wall-clock time of that reading, ns since the epoch
 * @param closeTsc clock reading when the channel closed, its trailer's; {@link #NOT_KNOWN} for a
 *     file without a trailer, and for every channel that {@link #keepsNoIds() keeps ids} (only
 *     the periods without samples need their end, so only those files are read to the end)
 * @param generatorSends whether it is a generator's send log ({@link GeneratorSends}), decided
 *     once for the log set by {@link LogSetScanner}
 */
public record ChannelInfo(int index, String path, long sizeBytes, String node, String channel,
        String component, int task, String point, HandlerType handler, long tscHz, long openTsc,
        long openRealtimeNs, long closeTsc, boolean generatorSends) implements Serializable {

    private static final long serialVersionUID = 1L;

    /** {@link #closeTsc()} of a channel whose close is not known. */
    public static final long NOT_KNOWN = -1;

    /** This channel, read as a generator's send log or not. */
    ChannelInfo withGeneratorSends(boolean sends) {
        return new ChannelInfo(index, path, sizeBytes, node, channel, component, task, point,
                handler, tscHz, openTsc, openRealtimeNs, closeTsc, sends);
    }

    /** Whether this channel is {@code probePoint} of its task. */
    public boolean is(ProbePoint probePoint) {
        return probePoint.is(point);
    }

    /**
     * What the channel's records become in the stream, or {@code null} if nothing the analysis
     * uses: id records of {@code in} and {@code out} points, lineage records, first/last markers,
     * counter and CPU samples.
     */
    public Kind elementKind() {
        return switch (handler) {
            case ID, BUFFERED_ID, DOWNSAMPLE, XOY -> is(ProbePoint.IN) || is(ProbePoint.OUT)
                    ? Kind.ID : is(ProbePoint.LINEAGE) ? Kind.LINEAGE : null;
            case FIRST_LAST -> Kind.FIRST_LAST;
            case SPC, MPC -> Kind.COUNT;
            case CPU -> Kind.CPU;
            default -> null;
        };
    }

    /**
     * Whether this is an {@code in} or {@code out} point whose handler keeps no tuple ids
     * ({@code NULL}, a counter, CPU, ...): the tuples that pass it leave no record, so while
     * this file's handler is in force they are not sampled there (a {@code NET_CONF} channel
     * that follows its rule changes handler by opening a file of the next serial).
     */
    public boolean keepsNoIds() {
        return (is(ProbePoint.IN) || is(ProbePoint.OUT)) && elementKind() != Kind.ID;
    }

    /**
     * The wall-clock time of {@code tsc}, ms since the epoch: the event time of its record in the
     * job, good to NTP's accuracy, used only to bound how long a tuple's events are awaited.
     */
    public long eventTimeMillis(long tsc) {
        if (tscHz <= 0) {
            // A header whose estimate failed (0) and no intact one beside it: every record at
            // the channel's opening, rather than an infinite time that ends every tuple at once.
            return openRealtimeNs / 1_000_000;
        }
        return (long) ((openRealtimeNs + (tsc - openTsc) * 1e9 / tscHz) / 1e6);
    }

    /**
     * As {@link #eventTimeMillis}, in ns since the epoch: the time since the opening is added in
     * ns, so ticks a few ns apart stay apart.
     */
    public long eventTimeNs(long tsc) {
        return tscHz <= 0 ? openRealtimeNs
                : openRealtimeNs + (long) ((tsc - openTsc) * 1e9 / tscHz);
    }
}
