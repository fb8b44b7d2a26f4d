package org.cloudprofiler.generator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Locale;

/**
 * One reporting interval of a generator run: a second, or, if {@code last}, what is left of one
 * when the run's last bucket has gone. Lag is the schedule lag of the interval's buckets (how
 * late each started against its due time), one sample per bucket, in nanoseconds; p50 and p99
 * are at most 3% above the truth.
 */
public record GeneratorStats(
        long second,
        long intervalNs,
        boolean last,
        double targetTuplesPerSecond,
        long sentTuples,
        long droppedTuples,
        long lagSamples,
        long lagP50Ns,
        long lagP99Ns,
        long lagMaxNs) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Sent plus dropped: what the schedule emitted in the interval. */
    public long emittedTuples() {
        return sentTuples + droppedTuples;
    }

    /** Tuples sent per second of the interval. */
    public double achievedTuplesPerSecond() {
        return intervalNs > 0 ? sentTuples * 1e9 / intervalNs : 0;
    }

    /** E.g. {@code second 3: target 1,000,000/s, sent 999,998/s, dropped 0, lag p50 ...}. */
    public String toConsoleLine() {
        return String.format(Locale.ROOT,
                "second %d: target %,.0f/s, sent %,.0f/s, dropped %,d, lag p50 %s, p99 %s,"
                        + " max %s (%,d buckets)%s",
                second, targetTuplesPerSecond, achievedTuplesPerSecond(), droppedTuples,
                micros(lagP50Ns), micros(lagP99Ns), micros(lagMaxNs), lagSamples,
                last ? String.format(Locale.ROOT, " [last, %.3f s]", intervalNs / 1e9) : "");
    }

    /** One JSON object on one line: {@code "type":"second"}, every field, the achieved rate. */
    public String toJsonLine() {
        ObjectNode node = JSON.createObjectNode();
        node.put("type", "second");
        node.put("second", second);
        node.put("intervalNs", intervalNs);
        node.put("last", last);
        node.put("targetTuplesPerSecond", targetTuplesPerSecond);
        node.put("achievedTuplesPerSecond", achievedTuplesPerSecond());
        node.put("emittedTuples", emittedTuples());
        node.put("sentTuples", sentTuples);
        node.put("droppedTuples", droppedTuples);
        node.put("lagSamples", lagSamples);
        node.put("lagP50Ns", lagP50Ns);
        node.put("lagP99Ns", lagP99Ns);
        node.put("lagMaxNs", lagMaxNs);
        return node.toString();
    }

    private static String micros(long ns) {
        return String.format(Locale.ROOT, "%.1f µs", ns / 1e3);
    }
}
