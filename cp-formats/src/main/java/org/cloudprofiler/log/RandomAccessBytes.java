package org.cloudprofiler.log;

import java.io.Closeable;
import java.io.IOException;

/**
 * The bytes of one file, read from any position: a local file, or a stream of another
 * filesystem that can seek (HDFS, S3, ...). What {@link LogReader} reads a log from; the reader
 * owns it and closes it. Not thread-safe.
 */
public interface RandomAccessBytes extends Closeable {

    /** Size in bytes, fixed when the file was opened; bytes appended later are not read. */
    long size();

    /**
     * Reads up to {@code length} bytes starting at {@code position} into {@code destination}.
     *
     * @return how many bytes were read, at least one, or -1 if {@code position} is past the
     *     file's end
     * @throws IOException if the file cannot be read
     */
    int read(long position, byte[] destination, int offset, int length) throws IOException;
}
