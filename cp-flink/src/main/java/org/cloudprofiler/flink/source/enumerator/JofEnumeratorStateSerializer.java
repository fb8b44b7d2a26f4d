package org.cloudprofiler.flink.source.enumerator;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.cloudprofiler.flink.source.split.JofReceiverSplit;
import org.cloudprofiler.flink.source.split.JofReceiverSplitSerializer;

/**
 * Writes a {@link JofEnumeratorState} as the count of its unassigned splits, the version of
 * {@link JofReceiverSplitSerializer}, then each split as that serializer writes it (the layout
 * of flink-connector-kafka's enumerator state), and nothing after. Stateless.
 */
public final class JofEnumeratorStateSerializer
        implements SimpleVersionedSerializer<JofEnumeratorState> {

    /** The one instance. */
    public static final JofEnumeratorStateSerializer INSTANCE =
            new JofEnumeratorStateSerializer();

    // 2: the split serializer's version after the count.
    private static final int VERSION = 2;

    private JofEnumeratorStateSerializer() {}

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(JofEnumeratorState state) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(state.unassigned().size());
            out.writeInt(JofReceiverSplitSerializer.INSTANCE.getVersion());
            for (JofReceiverSplit split : state.unassigned()) {
                JofReceiverSplitSerializer.write(split, out);
            }
        }
        return bytes.toByteArray();
    }

    @Override
    public JofEnumeratorState deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION) {
            throw new IOException("JofEnumeratorState serializer version " + version
                    + " is not the version " + VERSION + " this build reads: restore from a"
                    + " checkpoint of the same cp-flink version, or start the job afresh");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            int count = in.readInt();
            if (count < 0) {
                throw new IOException("JofEnumeratorState with " + count + " splits: corrupt");
            }
            int splitVersion = in.readInt();
            if (splitVersion != JofReceiverSplitSerializer.INSTANCE.getVersion()) {
                throw new IOException("JofEnumeratorState holds splits of JofReceiverSplit"
                        + " serializer version " + splitVersion + ", not the version "
                        + JofReceiverSplitSerializer.INSTANCE.getVersion() + " this build reads:"
                        + " restore from a checkpoint of the same cp-flink version, or start"
                        + " the job afresh");
            }
            List<JofReceiverSplit> unassigned = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                unassigned.add(JofReceiverSplitSerializer.read(in));
            }
            if (in.available() > 0) {
                throw new IOException("JofEnumeratorState has " + in.available() + " bytes"
                        + " after its " + count + " splits: corrupt");
            }
            return new JofEnumeratorState(unassigned);
        }
    }
}
