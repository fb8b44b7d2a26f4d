package org.cloudprofiler.examples.ysb.common;

import java.io.Serializable;

/**
 * Tumbling windows of event time, and which of them still take views: a counter forgets the
 * windows more than {@code retainedWindows - 1} behind the newest it has seen, to bound its
 * memory, and a view that falls into a forgotten window is late. Immutable.
 *
 * @param windowMs the window length in ms
 * @param retainedWindows how many windows, the newest among them, still take views
 */
public record TumblingWindows(long windowMs, int retainedWindows) implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The benchmark's 10 s windows, with a minute of lateness. */
    public static final TumblingWindows YSB = new TumblingWindows(10_000, 6);

    public TumblingWindows {
        if (windowMs < 1 || retainedWindows < 1) {
            throw new IllegalArgumentException("need a window of at least 1 ms and at least one"
                    + " retained window, not " + windowMs + " ms and " + retainedWindows);
        }
    }

    /** The first millisecond of the window {@code eventTimeMs} falls into (also before 1970). */
    public long startOf(long eventTimeMs) {
        return eventTimeMs - Math.floorMod(eventTimeMs, windowMs);
    }

    /** The start of the oldest window that still takes views once {@code newestStartMs} has. */
    public long oldestRetainedStart(long newestStartMs) {
        return newestStartMs - (retainedWindows - 1) * windowMs;
    }

    /** Whether a view of the window at {@code startMs} is late once {@code newestStartMs} has. */
    public boolean isLate(long startMs, long newestStartMs) {
        return startMs < oldestRetainedStart(newestStartMs);
    }
}
