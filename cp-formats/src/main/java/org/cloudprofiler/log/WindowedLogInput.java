package org.cloudprofiler.log;

import java.io.EOFException;
import java.io.IOException;

/**
 * A log file read through a cached window, so the many small reads of block headers and small
 * blocks cost one read of the file per window rather than one each (a system call on the local
 * disk, a round trip on a remote filesystem). Not thread-safe.
 */
final class WindowedLogInput extends LogInput {

    static final int DEFAULT_WINDOW_BYTES = 256 * 1024;

    private final String source;
    private final RandomAccessBytes bytes;
    private final long size;
    private final byte[] window;
    private long windowStart;
    private int windowLength;

    /**
     * Reads {@code bytes}, named {@code source} in messages, with a window of
     * {@code windowBytes}; takes ownership of {@code bytes}.
     */
    WindowedLogInput(String source, RandomAccessBytes bytes, int windowBytes) {
        this.source = source;
        this.bytes = bytes;
        this.size = bytes.size();
        this.window = new byte[windowBytes];
    }

    @Override
    long size() {
        return size;
    }

    @Override
    void readFully(long position, byte[] destination, int offset, int length)
            throws IOException {
        if (length > window.length) {
            readFromFile(position, destination, offset, length);
            return;
        }
        if (position < windowStart || position + length > windowStart + windowLength) {
            int fill = (int) Math.min(window.length, size - position);
            if (fill < length) {
                throw shrank(position + length);
            }
            // Invalidate first: a failed read must not leave a half-overwritten window valid.
            windowLength = 0;
            readFromFile(position, window, 0, fill);
            windowStart = position;
            windowLength = fill;
        }
        System.arraycopy(window, (int) (position - windowStart), destination, offset, length);
    }

    private void readFromFile(long position, byte[] destination, int offset, int length)
            throws IOException {
        int done = 0;
        while (done < length) {
            int read = bytes.read(position + done, destination, offset + done, length - done);
            if (read < 0) {
                throw shrank(position + length);
            }
            done += read;
        }
    }

    private EOFException shrank(long needed) {
        return new EOFException(source + " shrank while it was being read: it was " + size
                + " bytes when opened, but byte " + (needed - 1) + " is gone");
    }

    @Override
    public void close() throws IOException {
        bytes.close();
    }
}
