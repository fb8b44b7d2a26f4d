package org.cloudprofiler.flink.source;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.cloudprofiler.flink.source.enumerator.JofEnumeratorState;
import org.cloudprofiler.flink.source.split.JofReceiverSplit;

/**
 * A JofSource of tuple ids whose receiver count is the number of split writers made until the
 * job is submitted: the connector test framework makes the source before it writes the splits,
 * while a JofSource fixes its receivers when built. The count travels with the job, which
 * serializes this source on submission. Test only.
 */
final class SplitsCountedAtSubmission implements
        Source<Long, JofReceiverSplit, JofEnumeratorState>, ResultTypeQueryable<Long> {
    private static final long serialVersionUID = 1L;

    private final int basePort;
    private final Boundedness boundedness;
    private int receivers;
    private transient JofSource<Long> built;

    SplitsCountedAtSubmission(int basePort, Boundedness boundedness) {
        this.basePort = basePort;
        this.boundedness = boundedness;
    }

    /** Called on the test thread for each split writer made. */
    void receivers(int count) {
        this.receivers = count;
    }

    private JofSource<Long> source() {
        if (built == null) {
            JofSourceBuilder<Long> builder = JofSource.<Long>builder().setBasePort(basePort)
                    .setReceivers(receivers).setDeserializer(new TupleIds());
            built = (boundedness == Boundedness.BOUNDED ? builder.setBounded() : builder)
                    .build();
        }
        return built;
    }

    @Override
    public Boundedness getBoundedness() {
        return boundedness;
    }

    @Override
    public TypeInformation<Long> getProducedType() {
        return new TupleIds().getProducedType();
    }

    @Override
    public SourceReader<Long, JofReceiverSplit> createReader(SourceReaderContext context) {
        return source().createReader(context);
    }

    @Override
    public SplitEnumerator<JofReceiverSplit, JofEnumeratorState> createEnumerator(
            SplitEnumeratorContext<JofReceiverSplit> context) {
        return source().createEnumerator(context);
    }

    @Override
    public SplitEnumerator<JofReceiverSplit, JofEnumeratorState> restoreEnumerator(
            SplitEnumeratorContext<JofReceiverSplit> context, JofEnumeratorState state) {
        return source().restoreEnumerator(context, state);
    }

    @Override
    public SimpleVersionedSerializer<JofReceiverSplit> getSplitSerializer() {
        return source().getSplitSerializer();
    }

    @Override
    public SimpleVersionedSerializer<JofEnumeratorState> getEnumeratorCheckpointSerializer() {
        return source().getEnumeratorCheckpointSerializer();
    }
}
