package org.cloudprofiler.flink.source.reader;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.ToLongFunction;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.drops.DropsFile;
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
        JofCounters counts = counters();
        String name = operator + "/" + subtask;
        if (counts.messagesRejected() > 0) {
            // Names the fix, e.g. a deserialization schema that throws: the counts alone do not.
            LOG.warn("JofSource {}: {} tuples in {} messages rejected ({}), the last: {}", name,
                    counts.tuplesRejected(), counts.messagesRejected(),
                    counts.rejectedByReason(), counts.lastRejection());
        }
        Path file = null;
        try {
            Path nodeDirectory = Path.of(CloudProfiler.logDirectory());
            file = nodeDirectory.resolve(operator).resolve(Integer.toString(subtask))
                    .resolve(DropsFile.FILE_NAME);
            DropsFile.write(file, List.of(JofDrops.of("jof " + name,
                    nodeDirectory.getFileName().toString(), counts, jofs.size())));
        } catch (IOException | RuntimeException | LinkageError e) {
            // LinkageError: no native core for this platform; the JOF itself is pure Java.
            LOG.warn("JofSource {}: cannot write {} ({}); its drops are in the metrics only",
                    name, file == null ? DropsFile.FILE_NAME : file, e.toString());
        }
    }
}
