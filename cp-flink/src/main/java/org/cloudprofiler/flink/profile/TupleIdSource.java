package org.cloudprofiler.flink.profile;

import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SourceSplit;

/**
 * A FLIP-27 source that knows its records' tuple ids (JofSource: the generator's). When the job
 * is profiled its readers are made by {@link #createReaderWithTupleIds}, and set each record's id
 * in the task thread's {@link TupleIdRegister} just before they collect it.
 */
public interface TupleIdSource<T, SplitT extends SourceSplit> {

    /** A reader like {@code createReader}'s whose records carry their ids as described. */
    SourceReader<T, SplitT> createReaderWithTupleIds(SourceReaderContext context)
            throws Exception;
}
