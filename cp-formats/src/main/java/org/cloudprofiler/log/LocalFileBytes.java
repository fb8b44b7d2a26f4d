package org.cloudprofiler.log;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** A file of the local disk, read by position through its channel. Not thread-safe. */
final class LocalFileBytes implements RandomAccessBytes {

    private final FileChannel channel;
    private final long size;

    private LocalFileBytes(FileChannel channel) throws IOException {
        this.channel = channel;
        this.size = channel.size();
    }

    /** Opens {@code path} for reading. */
    static LocalFileBytes open(Path path) throws IOException {
        FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
        try {
            return new LocalFileBytes(channel);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public int read(long position, byte[] destination, int offset, int length)
            throws IOException {
        return channel.read(ByteBuffer.wrap(destination, offset, length), position);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
