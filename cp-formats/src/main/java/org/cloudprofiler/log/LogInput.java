package org.cloudprofiler.log;

import java.io.Closeable;
import java.io.IOException;

/**
 * The bytes of one log file, read by position. A seam between the reader's logic and where the
 * bytes live (a file, or memory in tests). Not thread-safe.
 */
abstract class LogInput implements Closeable {

    /** Size in bytes, fixed when the input was opened; bytes appended later are not read. */
    abstract long size();

    /**
     * Copies {@code length} bytes starting at {@code position} into {@code destination}. The
     * caller checks that they lie within {@link #size()}.
     *
     * @throws java.io.EOFException if the file shrank under the reader
     */
    abstract void readFully(long position, byte[] destination, int offset, int length)
            throws IOException;
}
