package org.cloudprofiler.flink.profile;

import java.util.Set;
import org.apache.flink.api.common.watermark.WatermarkDeclaration;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SupportsSplitReassignmentOnRecovery;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * A user's FLIP-27 source with each reader profiled ({@link ProfiledSourceReader}); enumerator,
 * splits and checkpoints are the source's own, so a profiled job restores from an unprofiled
 * one's state and the other way round. The interfaces Flink looks for on a source or reader
 * (split reassignment on recovery, externally induced checkpoints) stay visible.
 */
class ProfiledSource<T, SplitT extends SourceSplit, EnumChkT>
        implements Source<T, SplitT, EnumChkT> {
    private static final long serialVersionUID = 1L;

    private final Source<T, SplitT, EnumChkT> source;
    private final OperatorProfile profile;
    private final RecordIdExtractor<T> ids;

    private ProfiledSource(Source<T, SplitT, EnumChkT> source, OperatorProfile profile,
            RecordIdExtractor<T> ids) {
        this.source = source;
        this.profile = profile;
        this.ids = ids;
    }

    /**
     * {@code source} profiled, with the interfaces Flink looks for on a source kept.
     *
     * @param ids the extractor of record ids, null where the source gives them itself
     */
    static <T, SplitT extends SourceSplit, EnumChkT> ProfiledSource<T, SplitT, EnumChkT> of(
            Source<T, SplitT, EnumChkT> source, OperatorProfile profile,
            RecordIdExtractor<T> ids) {
        return source instanceof SupportsSplitReassignmentOnRecovery
                ? new ReassigningSplitsOnRecovery<>(source, profile, ids)
                : new ProfiledSource<>(source, profile, ids);
    }

    @Override
    public SourceReader<T, SplitT> createReader(SourceReaderContext readerContext)
            throws Exception {
        @SuppressWarnings("unchecked") // A source's reader reads its own splits.
        SourceReader<T, SplitT> reader = ids == null && source instanceof TupleIdSource<?, ?> known
                ? (SourceReader<T, SplitT>) known.createReaderWithTupleIds(readerContext)
                : source.createReader(readerContext);
        return ProfiledSourceReader.of(reader, readerContext, profile, ids);
    }

    @Override
    public Boundedness getBoundedness() {
        return source.getBoundedness();
    }

    @Override
    public SplitEnumerator<SplitT, EnumChkT> createEnumerator(
            SplitEnumeratorContext<SplitT> enumContext) throws Exception {
        return source.createEnumerator(enumContext);
    }

    @Override
    public SplitEnumerator<SplitT, EnumChkT> restoreEnumerator(
            SplitEnumeratorContext<SplitT> enumContext, EnumChkT checkpoint) throws Exception {
        return source.restoreEnumerator(enumContext, checkpoint);
    }

    @Override
    public SimpleVersionedSerializer<SplitT> getSplitSerializer() {
        return source.getSplitSerializer();
    }

    @Override
    public SimpleVersionedSerializer<EnumChkT> getEnumeratorCheckpointSerializer() {
        return source.getEnumeratorCheckpointSerializer();
    }

    @Override
    public Set<? extends WatermarkDeclaration> declareWatermarks() {
        return source.declareWatermarks();
    }

    /** For a source whose splits Flink reassigns on recovery. */
    private static final class ReassigningSplitsOnRecovery<T, SplitT extends SourceSplit,
            EnumChkT> extends ProfiledSource<T, SplitT, EnumChkT>
            implements SupportsSplitReassignmentOnRecovery {
        private static final long serialVersionUID = 1L;

        ReassigningSplitsOnRecovery(Source<T, SplitT, EnumChkT> source, OperatorProfile profile,
                RecordIdExtractor<T> ids) {
            super(source, profile, ids);
        }
    }
}
