package org.cloudprofiler;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The calls of a counting channel ({@code NULL}, {@code SPC}, {@code CPU}), counted by its single
 * writer thread alone, with a plain store and no native call: correct for the channel's writer
 * thread only. The native core reads the cell for the channel's samples and trailer
 * (docs/log-format.md, "Counting without a call"). Get one with
 * {@link CloudProfiler#countCell(long)}.
 */
public final class CallCountCell {

    private static final VarHandle COUNT =
            MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());

    private final ByteBuffer cell;
    /** The running total, the writer's own copy: the cell is only ever stored to. */
    private long calls;

    CallCountCell(ByteBuffer cell) {
        this.cell = cell;
    }

    /** Counts one call. Writer thread only; allocation-free. */
    public void increment() {
        // Release: the sampler that reads the count also sees what the writer did before it.
        COUNT.setRelease(cell, 0, ++calls);
    }
}
