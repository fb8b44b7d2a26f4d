package org.cloudprofiler.generator.jof;

/**
 * Turns one tuple's payload into the object handed to the engine. The JOF makes one reader per
 * receiver thread and calls it from that thread only, so a reader need not be thread-safe.
 */
public interface PayloadReader {
    /**
     * Reads the payload in {@code array[offset, offset + length)}; the array belongs to the JOF
     * and is reused, so the returned object must not keep it.
     *
     * @throws RuntimeException if the bytes are not a payload of this reader's class; the JOF
     *     rejects the whole bucket and counts it
     */
    Object read(byte[] array, int offset, int length);
}
