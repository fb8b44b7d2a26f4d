package org.cloudprofiler.analyzer.source.split;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/** Writes a {@link LogFileSplit} as its channel index, path and resume offset. */
public final class LogFileSplitSerializer implements SimpleVersionedSerializer<LogFileSplit> {

    /** The one instance; it holds no state. */
    public static final LogFileSplitSerializer INSTANCE = new LogFileSplitSerializer();

    private static final int VERSION = 1;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(LogFileSplit split) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            write(split, out);
        }
        return bytes.toByteArray();
    }

    @Override
    public LogFileSplit deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION) {
            throw new IOException("unknown split serializer version " + version);
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            return read(in);
        }
    }

    /** Writes one split to {@code out}: shared with the enumerator's checkpoint. */
    static void write(LogFileSplit split, DataOutputStream out) throws IOException {
        out.writeInt(split.channel());
        out.writeUTF(split.path());
        out.writeLong(split.resumeOffset());
    }

    /** Reads what {@link #write} wrote. */
    static LogFileSplit read(DataInputStream in) throws IOException {
        return new LogFileSplit(in.readInt(), in.readUTF(), in.readLong());
    }
}
