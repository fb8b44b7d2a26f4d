package org.cloudprofiler.log;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A log file read through a cached window, so the many small reads of block headers and small
 * blocks cost one system call per window rather than one each. Not thread-safe.
 */
final class FileLogInput extends LogInput {

    static final int DEFAULT_WINDOW_BYTES = 256 * 1024;

    private final Path path;
    private final FileChannel channel;
    private final long size;
    private final byte[] window;
    private long windowStart;
    private int windowLength;

    private FileLogInput(Path path, FileChannel channel, int windowBytes) throws IOException {
        this.path = path;
        this.channel = channel;
        this.size = channel.size();
        this.window = new byte[windowBytes];
    }

    /** Opens {@code path} for reading with a window of {@code windowBytes}. */
    static FileLogInput open(Path path, int windowBytes) throws IOException {
        FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
        try {
            return new FileLogInput(path, channel, windowBytes);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
    }

    @Override
    long size() {
        return size;
    }

    @Override
    void readFully(long position, byte[] destination, int offset, int length)
            throws IOException {
        if (length > window.length) {
            readFromChannel(position, destination, offset, length);
            return;
        }
        if (position < windowStart || position + length > windowStart + windowLength) {
            int fill = (int) Math.min(window.length, size - position);
            if (fill < length) {
                throw shrank(position + length);
            }
            // Invalidate first: a failed read must not leave a half-overwritten window valid.
            windowLength = 0;
            readFromChannel(position, window, 0, fill);
            windowStart = position;
            windowLength = fill;
        }
        System.arraycopy(window, (int) (position - windowStart), destination, offset, length);
    }

    private void readFromChannel(long position, byte[] destination, int offset, int length)
            throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(destination, offset, length);
        long at = position;
        while (buffer.hasRemaining()) {
            int read = channel.read(buffer, at);
            if (read < 0) {
                throw shrank(position + length);
            }
            at += read;
        }
    }

    private EOFException shrank(long needed) {
        return new EOFException(path + " shrank while it was being read: it was " + size
                + " bytes when opened, but byte " + (needed - 1) + " is gone");
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
