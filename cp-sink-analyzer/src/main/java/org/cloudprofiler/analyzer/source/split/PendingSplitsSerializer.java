package org.cloudprofiler.analyzer.source.split;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/** Writes the enumerator's checkpoint: the splits not yet assigned to a reader. */
public final class PendingSplitsSerializer
        implements SimpleVersionedSerializer<List<LogFileSplit>> {

    /** The one instance; it holds no state. */
    public static final PendingSplitsSerializer INSTANCE = new PendingSplitsSerializer();

    private static final int VERSION = 1;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(List<LogFileSplit> splits) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(splits.size());
            for (LogFileSplit split : splits) {
                LogFileSplitSerializer.write(split, out);
            }
        }
        return bytes.toByteArray();
    }

    @Override
    public List<LogFileSplit> deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION) {
            throw new IOException("unknown pending-splits serializer version " + version);
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            int count = in.readInt();
            List<LogFileSplit> splits = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                splits.add(LogFileSplitSerializer.read(in));
            }
            return splits;
        }
    }
}
