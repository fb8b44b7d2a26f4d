package org.cloudprofiler.analyzer.stats;

import java.util.Arrays;
import org.cloudprofiler.analyzer.clock.BoundedDuration;

/**
 * The latency of each hop for one tuple, reused tuple after tuple: per hop the largest bounded
 * sample the tuple gave it (a tuple that several tasks saw has one sample per task), with its
 * bound. Not thread-safe.
 */
public final class TupleLatencies {

    private final double[] latencyNs;
    private final double[] boundNs;
    private final boolean[] sampled;

    public TupleLatencies(int hops) {
        latencyNs = new double[hops];
        boundNs = new double[hops];
        sampled = new boolean[hops];
    }

    /** Forgets the previous tuple's samples. */
    public void clear() {
        Arrays.fill(sampled, false);
    }

    /** Keeps {@code duration} for {@code hop} if it is bounded and the largest so far. */
    public void record(int hop, BoundedDuration duration) {
        if (duration.bounded() && (!sampled[hop] || duration.durationNs() > latencyNs[hop])) {
            sampled[hop] = true;
            latencyNs[hop] = duration.durationNs();
            boundNs[hop] = duration.boundNs();
        }
    }

    boolean has(int hop) {
        return sampled[hop];
    }

    double latencyNs(int hop) {
        return latencyNs[hop];
    }

    double boundNs(int hop) {
        return boundNs[hop];
    }
}
