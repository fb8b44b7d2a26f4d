package org.cloudprofiler.analyzer.join;

import java.io.Serializable;
import java.math.BigDecimal;

/**
 * Which part of the run the hop statistics take, and the window of their latencies over time,
 * all in ns since the run's start ({@code RunStart}). A hop sample is in when its hop's start
 * (the record it is measured from, on the reference clock) lies in {@code [fromNs, toNs)}.
 * Immutable.
 *
 * @param fromNs the earliest start taken, 0 for the run's start
 * @param toNs the first start no longer taken; {@link Long#MAX_VALUE} for the end of the logs
 * @param windowNs the narrowest window of the latencies over time
 */
public record TimeSelection(long fromNs, long toNs, long windowNs) implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The default window of the latencies over time: 1 s. */
    public static final long DEFAULT_WINDOW_NS = 1_000_000_000L;

    /** The whole run, in windows of 1 s. */
    public static final TimeSelection WHOLE_RUN = new TimeSelection(0, Long.MAX_VALUE,
            DEFAULT_WINDOW_NS);

    /** @throws IllegalArgumentException naming the option, if the range or window is empty */
    public TimeSelection {
        if (fromNs < 0) {
            throw new IllegalArgumentException("--from must be 0s or later, not "
                    + seconds(fromNs));
        }
        if (toNs <= fromNs) {
            throw new IllegalArgumentException("--to (" + seconds(toNs) + ") must be later than"
                    + " --from (" + seconds(fromNs) + "): both count from the run's start");
        }
        if (windowNs < 1_000_000) {
            throw new IllegalArgumentException("--window must be at least 1ms, not "
                    + seconds(windowNs));
        }
    }

    private static String seconds(long ns) {
        return BigDecimal.valueOf(ns, 9).stripTrailingZeros().toPlainString() + " s";
    }

    /** Whether the whole run is taken. */
    public boolean wholeRun() {
        return fromNs == 0 && toNs == Long.MAX_VALUE;
    }

    /** The part of the run taken, in words: "from 5 s to 60 s after the run's start". */
    public String describe() {
        return "from " + (fromNs == 0 ? "the run's start" : seconds(fromNs)
                + " after the run's start") + " to " + (toNs == Long.MAX_VALUE
                        ? "the end of the logs" : seconds(toNs) + " after it");
    }

    /** Whether a hop that started {@code startNs} after the run's start (NaN: unknown) is in. */
    public boolean contains(double startNs) {
        if (wholeRun()) {
            return true;
        }
        return startNs >= fromNs && startNs < toNs;
    }
}
