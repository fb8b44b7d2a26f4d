package org.cloudprofiler.generator.jof;

import java.util.Arrays;

/** Hands payload class 0 (raw) over as a {@code byte[]} copy; stateless and thread-safe. */
public final class RawPayloadReader implements PayloadReader {
    @Override
    public Object read(byte[] array, int offset, int length) {
        return Arrays.copyOfRange(array, offset, offset + length);
    }
}
