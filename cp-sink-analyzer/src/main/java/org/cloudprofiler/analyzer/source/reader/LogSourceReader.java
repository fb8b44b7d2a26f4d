package org.cloudprofiler.analyzer.source.reader;

import java.util.List;
import java.util.Map;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.connector.base.source.reader.SingleThreadMultiplexSourceReaderBase;
import org.cloudprofiler.analyzer.element.AnalysisElement;
import org.cloudprofiler.analyzer.input.ChannelInfo;
import org.cloudprofiler.analyzer.source.split.LogFileSplit;
import org.cloudprofiler.analyzer.source.split.LogFileSplitState;
import org.cloudprofiler.tupleid.RootSampling;

/** The source reader: one fetcher thread reads all of this reader's files, interleaved by time. */
public final class LogSourceReader extends SingleThreadMultiplexSourceReaderBase<FileChunk,
        AnalysisElement, LogFileSplit, LogFileSplitState> {

    public LogSourceReader(List<ChannelInfo> channels, boolean follow, RootSampling sampling,
            SourceReaderContext context) {
        super(() -> new LogFileSplitReader(channels, follow),
                new LogRecordEmitter(channels, sampling),
                context.getConfiguration(), context);
    }

    @Override
    protected void onSplitFinished(Map<String, LogFileSplitState> finished) {
        // The split's report has been emitted; nothing else is kept per split.
    }

    @Override
    protected LogFileSplitState initializedState(LogFileSplit split) {
        return new LogFileSplitState(split);
    }

    @Override
    protected LogFileSplit toSplitType(String splitId, LogFileSplitState state) {
        return state.toSplit();
    }
}
