package org.cloudprofiler.flink.profile;

import java.util.Arrays;

/**
 * An operator's event time as Flink combines it from the watermarks of its inputs: the smallest
 * watermark among the inputs that are not idle, never going back. The watermark an operator
 * fires its timers at, which a one-input operator receives as it is and a two- or
 * multiple-input operator combines itself. Task thread only.
 */
final class InputWatermarks {
    private final long[] watermarks;
    private final boolean[] idle;
    private long combined = Long.MIN_VALUE;

    /** The event time of an operator with {@code inputs} inputs, none heard from yet. */
    InputWatermarks(int inputs) {
        watermarks = new long[inputs];
        idle = new boolean[inputs];
        Arrays.fill(watermarks, Long.MIN_VALUE);
    }

    /** Input {@code input} (from 0) sends {@code watermark}; returns the event time after it. */
    long advance(int input, long watermark) {
        watermarks[input] = Math.max(watermarks[input], watermark);
        idle[input] = false;
        return combine();
    }

    /** Input {@code input} goes idle, or active again; returns the event time after it. */
    long status(int input, boolean isIdle) {
        idle[input] = isIdle;
        return combine();
    }

    private long combine() {
        long smallest = Long.MAX_VALUE;
        boolean anyActive = false;
        for (int i = 0; i < watermarks.length; i++) {
            if (!idle[i]) {
                anyActive = true;
                smallest = Math.min(smallest, watermarks[i]);
            }
        }
        if (anyActive) {
            combined = Math.max(combined, smallest);
        }
        return combined;
    }
}
