package org.cloudprofiler.analyzer.input;

import java.io.IOException;
import org.apache.flink.core.fs.FSDataInputStream;
import org.cloudprofiler.log.RandomAccessBytes;

/**
 * A file of a Flink filesystem, read by position: seeks only when a read does not go on where
 * the last one ended, since on a remote filesystem a seek may cost a new connection. Not
 * thread-safe.
 */
final class FlinkFileBytes implements RandomAccessBytes {

    private final FSDataInputStream stream;
    private final long size;

    /** Reads {@code stream}, a file of {@code size} bytes when opened; owns the stream. */
    FlinkFileBytes(FSDataInputStream stream, long size) {
        this.stream = stream;
        this.size = size;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public int read(long position, byte[] destination, int offset, int length)
            throws IOException {
        if (stream.getPos() != position) {
            stream.seek(position);
        }
        int read = stream.read(destination, offset, length);
        // An InputStream may return 0 only for an empty request: treat it as the end.
        return read == 0 && length > 0 ? -1 : read;
    }

    @Override
    public void close() throws IOException {
        stream.close();
    }
}
