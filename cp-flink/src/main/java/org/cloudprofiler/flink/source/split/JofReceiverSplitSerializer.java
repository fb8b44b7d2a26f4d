package org.cloudprofiler.flink.source.split;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/** Writes a {@link JofReceiverSplit} as its receiver index and endpoint. Stateless. */
public final class JofReceiverSplitSerializer
        implements SimpleVersionedSerializer<JofReceiverSplit> {

    /** The one instance. */
    public static final JofReceiverSplitSerializer INSTANCE = new JofReceiverSplitSerializer();

    private static final int VERSION = 1;

    private JofReceiverSplitSerializer() {}

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(JofReceiverSplit split) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            write(split, out);
        }
        return bytes.toByteArray();
    }

    @Override
    public JofReceiverSplit deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION) {
            throw new IOException("JofReceiverSplit serializer version " + version
                    + " is not the version " + VERSION + " this build reads: restore from a"
                    + " checkpoint of the same cp-flink version, or start the job afresh");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            return read(in);
        }
    }

    /** Writes one split to {@code out}, as the enumerator's state does for each of its own. */
    public static void write(JofReceiverSplit split, DataOutput out) throws IOException {
        out.writeInt(split.receiver());
        out.writeUTF(split.endpoint());
    }

    /** Reads what {@link #write} wrote. */
    public static JofReceiverSplit read(DataInput in) throws IOException {
        return new JofReceiverSplit(in.readInt(), in.readUTF());
    }
}
