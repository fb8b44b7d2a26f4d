package org.cloudprofiler.analyzer.source;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.cloudprofiler.analyzer.element.AnalysisElement;
import org.cloudprofiler.analyzer.input.ChannelInfo;
import org.cloudprofiler.analyzer.source.enumerator.LogFileEnumerator;
import org.cloudprofiler.analyzer.source.reader.LogSourceReader;
import org.cloudprofiler.analyzer.source.split.LogFileSplit;
import org.cloudprofiler.analyzer.source.split.PendingSplitsSerializer;
import org.cloudprofiler.analyzer.source.split.LogFileSplitSerializer;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.tupleid.RootSampling;

/**
 * A FLIP-27 source of the records of a set of channel log files (docs/log-format.md), one split
 * per file. Bounded, or, when following, unbounded: files without a trailer are read again as
 * they grow, and a file ends when its trailer arrives. Elements carry the records' wall-clock
 * times (from the headers' clock pairs) as event times.
 */
public final class LogSource
        implements Source<AnalysisElement, LogFileSplit, List<LogFileSplit>> {

    private static final long serialVersionUID = 1L;

    private final List<ChannelInfo> channels;
    private final boolean follow;
    private final long sampleOneIn;

    /**
     * @param channels the files, as scanned; {@code channels.get(i).index() == i}
     * @param follow whether to keep reading files that grow
     * @param sampling the run's sampling: a generator's sends are expanded into the kept
     *     tuples only, as the tasks logged only those
     */
    public LogSource(List<ChannelInfo> channels, boolean follow, RootSampling sampling) {
        this.channels = List.copyOf(channels);
        this.follow = follow;
        this.sampleOneIn = sampling.oneIn();
    }

    @Override
    public Boundedness getBoundedness() {
        return follow ? Boundedness.CONTINUOUS_UNBOUNDED : Boundedness.BOUNDED;
    }

    @Override
    public SourceReader<AnalysisElement, LogFileSplit> createReader(SourceReaderContext context) {
        return new LogSourceReader(channels, follow, RootSampling.oneIn(sampleOneIn), context);
    }

    @Override
    public SplitEnumerator<LogFileSplit, List<LogFileSplit>> createEnumerator(
            SplitEnumeratorContext<LogFileSplit> context) {
        return restoreEnumerator(context, channels.stream()
                .map(channel -> new LogFileSplit(channel.index(), channel.path(), 0)).toList());
    }

    @Override
    public SplitEnumerator<LogFileSplit, List<LogFileSplit>> restoreEnumerator(
            SplitEnumeratorContext<LogFileSplit> context, List<LogFileSplit> pending) {
        Map<String, Long> sizes = new HashMap<>();
        channels.forEach(channel ->
                sizes.put(Integer.toString(channel.index()), channel.sizeBytes()));
        return new LogFileEnumerator(context, pending, sizes, lineageBesideIn());
    }

    /**
     * Each lineage file's split, with the split of an {@code in} file of its task: a lineage file
     * holds no time, so it is read beside that one (docs/design.md, "Tuple lineage").
     */
    private Map<String, String> lineageBesideIn() {
        Map<String, String> beside = new HashMap<>();
        for (ChannelInfo lineage : channels) {
            if (!lineage.is(ProbePoint.LINEAGE)) {
                continue;
            }
            channels.stream().filter(in -> in.is(ProbePoint.IN)
                    && in.node().equals(lineage.node())
                    && in.component().equals(lineage.component())
                    && in.task() == lineage.task())
                    .findFirst().ifPresent(in -> beside.put(Integer.toString(lineage.index()),
                            Integer.toString(in.index())));
        }
        return beside;
    }

    @Override
    public SimpleVersionedSerializer<LogFileSplit> getSplitSerializer() {
        return LogFileSplitSerializer.INSTANCE;
    }

    @Override
    public SimpleVersionedSerializer<List<LogFileSplit>> getEnumeratorCheckpointSerializer() {
        return PendingSplitsSerializer.INSTANCE;
    }
}
