package org.cloudprofiler.flink.source.reader;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.ToLongFunction;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;
import org.cloudprofiler.generator.drops.JofDrops;
import org.cloudprofiler.generator.jof.JavaObjectFactory;
import org.cloudprofiler.generator.jof.JofCounters;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JOF counts of one reader, over every receiver it started, open or closed: as Flink
 * gauges, and as the reader's {@code drops.json} at its end. Thread-safe: the fetcher thread
 * adds receivers, a metric reporter reads gauges, the task thread writes the file.
 */
final class JofReaderCounts {
    private static final Logger LOG = LoggerFactory.getLogger(JofReaderCounts.class);

    private final List<JavaObjectFactory> jofs = new CopyOnWriteArrayList<>();

    void add(JavaObjectFactory jof) {
        jofs.add(jof);
    }

    /** The counts of every receiver started so far together. */
    JofCounters counters() {
        JofCounters total = JofCounters.NONE;
        for (JavaObjectFactory jof : jofs) {
            total = total.plus(jof.counters());
        }
        return total;
    }

    /**
     * Registers the counts in {@code group} under the names {@code drops.json} gives them,
     * except the senders' drops: not "tuplesDropped…", so that a reporter that matches names by
     * part does not add the two.
     */
    void registerGauges(MetricGroup group) {
        gauge(group, "tuplesReceived", JofCounters::tuplesReceived);
        gauge(group, "tuplesHandedOver", JofCounters::tuplesHandedOver);
        gauge(group, "tuplesDropped", JofCounters::tuplesDropped);
        gauge(group, "sendersDroppedTuples", JofCounters::tuplesDroppedBySenders);
        gauge(group, "tuplesRejected", JofCounters::tuplesRejected);
        gauge(group, "messagesRejected", JofCounters::messagesRejected);
        gauge(group, "sequenceGaps", JofCounters::sequenceGaps);
        gauge(group, "endOfRunMismatches", JofCounters::endOfRunMismatches);
    }

    private void gauge(MetricGroup group, String name, ToLongFunction<JofCounters> count) {
        group.gauge(name, (Gauge<Long>) () -> count.applyAsLong(counters()));
    }

    /**
     * Leaves the counts in {@code <log dir>/<operator>/<subtask>/drops.json}, where the analyzer
     * finds them, if any receiver was started; a failure to write is logged, not thrown, so
     * that it never hides why the reader closed.
     *
     * @param operator the source operator's directory name (a channel name component)
     */
    void writeDrops(String operator, int subtask) {
        if (jofs.isEmpty()) {
            return;
        }
        JofDrops.write(operator, subtask, counters(), jofs.size()).forEach(LOG::warn);
    }
}
