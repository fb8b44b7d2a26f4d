package org.cloudprofiler.log;

/** A log file held in memory, for tests that read many inputs without touching the disk. */
final class ByteArrayLogInput extends LogInput {

    private final byte[] bytes;

    ByteArrayLogInput(byte[] bytes) {
        this.bytes = bytes;
    }

    @Override
    long size() {
        return bytes.length;
    }

    @Override
    void readFully(long position, byte[] destination, int offset, int length) {
        System.arraycopy(bytes, Math.toIntExact(position), destination, offset, length);
    }

    @Override
    public void close() {}
}
