package org.cloudprofiler.analyzer.input;

import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.log.LogColumn;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.log.RecordBlock;

/**
 * The records of a log set's watermark channels ({@code watermark-out}, {@code watermark-in};
 * docs/design.md, "Watermarks: when a window's results were released"), read whole before the
 * job starts: a few per second and task, where the id channels hold one per record. Immutable.
 *
 * @param series one per watermark file, in the order of the log set's channels
 * @param unreadable files that could not be read to the end, each with why
 */
public record WatermarkLogs(List<Series> series, List<String> unreadable)
        implements Serializable {

    private static final long serialVersionUID = 1L;

    /** No watermark records: a log set without watermark channels. */
    public static final WatermarkLogs NONE = new WatermarkLogs(List.of(), List.of());

    public WatermarkLogs {
        series = List.copyOf(series);
        unreadable = List.copyOf(unreadable);
    }

    /**
     * One watermark file's records, in the order written (by clock reading).
     *
     * @param component the channel's component part
     * @param task its task
     * @param node the node that wrote it
     * @param generated whether it is a {@code watermark-out} file, else {@code watermark-in}
     * @param watermarks the watermarks, ms of event time
     * @param tscs the clock reading of each, on {@code node}'s clock
     */
    public record Series(String component, int task, String node, boolean generated,
            long[] watermarks, long[] tscs) implements Serializable {

        private static final long serialVersionUID = 1L;
    }

    /** Reads every watermark channel of {@code channels}. */
    public static WatermarkLogs read(List<ChannelInfo> channels) {
        List<Series> series = new ArrayList<>();
        List<String> unreadable = new ArrayList<>();
        for (ChannelInfo channel : channels) {
            boolean generated = channel.is(ProbePoint.WATERMARK_OUT);
            if (!generated && !channel.is(ProbePoint.WATERMARK_IN)) {
                continue;
            }
            try {
                series.add(read(channel, generated));
            } catch (IOException | RuntimeException e) {
                unreadable.add(channel.path() + " (" + e.getMessage() + ")");
            }
        }
        return new WatermarkLogs(series, unreadable);
    }

    private static Series read(ChannelInfo channel, boolean generated) throws IOException {
        List<long[]> pairs = new ArrayList<>();
        try (LogReader reader = LogStorage.of(channel.path()).openLog(channel.path(), 0)) {
            int watermark = reader.header().columnIndex(LogColumn.ID);
            int tsc = reader.header().columnIndex(LogColumn.TSC);
            if (watermark < 0 || tsc < 0) {
                throw new IOException("its handler " + channel.handler() + " keeps no (id, tsc)"
                        + " records");
            }
            for (RecordBlock block = reader.nextBlock(); block != null;
                    block = reader.nextBlock()) {
                for (int i = 0; i < block.recordCount(); i++) {
                    pairs.add(new long[] {block.value(watermark, i), block.value(tsc, i)});
                }
            }
            if (reader.problemCount() > 0) {
                throw new IOException(reader.problems().get(0).toString());
            }
        }
        long[] watermarks = new long[pairs.size()];
        long[] tscs = new long[pairs.size()];
        for (int i = 0; i < pairs.size(); i++) {
            watermarks[i] = pairs.get(i)[0];
            tscs[i] = pairs.get(i)[1];
        }
        return new Series(channel.component(), channel.task(), channel.node(), generated,
                watermarks, tscs);
    }
}
