package org.cloudprofiler.generator.drops;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.drops.DropsFile;
import org.cloudprofiler.drops.DropsSource;
import org.cloudprofiler.generator.jof.JofCounters;

/**
 * A JOF's entry of {@code drops.json}: what it received and what was lost on the way into it.
 * The JOF is the one accountant of the generator's drops too (their end-of-run markers tell it),
 * since the generator may run on a machine whose files the analyzer never sees.
 */
public final class JofDrops {

    private JofDrops() {}

    /**
     * Leaves an engine task's JOF counts in {@code <log dir>/<operator>/<task>/drops.json},
     * where the analyzer finds them, as the source {@code jof <operator>/<task>}. A failure to
     * write (no native core for this platform, an unwritable directory) is returned, not thrown,
     * so that it never hides why the task ended.
     *
     * @param operator the task's operator (or component) directory name, a channel name
     *     component
     * @param receivers the JOF receivers the task started
     * @return the warnings for the caller to log, each naming the source: rejected messages
     *     (whose last rejection names the fix, which the counts alone do not) and a failure to
     *     write; empty if neither
     */
    public static List<String> write(String operator, int task, JofCounters counters,
            int receivers) {
        return write(CloudProfiler::logDirectory, operator, task, counters, receivers);
    }

    /** {@link #write(String, int, JofCounters, int)} under the log directory it is given. */
    static List<String> write(Supplier<String> logDirectory, String operator, int task,
            JofCounters counters, int receivers) {
        String name = operator + "/" + task;
        List<String> warnings = new ArrayList<>();
        if (counters.messagesRejected() > 0) {
            warnings.add("jof " + name + ": " + counters.tuplesRejected() + " tuples in "
                    + counters.messagesRejected() + " messages rejected ("
                    + counters.rejectedByReason() + "), the last: " + counters.lastRejection());
        }
        Path file = null;
        try {
            // Inside the try: the log directory comes from the native core, which may be absent.
            Path nodeDirectory = Path.of(logDirectory.get());
            file = nodeDirectory.resolve(operator).resolve(Integer.toString(task))
                    .resolve(DropsFile.FILE_NAME);
            DropsFile.write(file, List.of(of("jof " + name,
                    nodeDirectory.getFileName().toString(), counters, receivers)));
        } catch (IOException | RuntimeException | LinkageError e) {
            // LinkageError: no native core for this platform; the JOF itself is pure Java.
            warnings.add("jof " + name + ": cannot write "
                    + (file == null ? DropsFile.FILE_NAME : file) + " (" + e
                    + "); its drops are in the metrics only");
        }
        return warnings;
    }

    /**
     * A JOF's counts. Its drops are the tuples its senders could not send it, those its full
     * queues refused and those that arrived unusable; the senders' share is complete once every
     * one of its {@code receivers} has had every sender's end-of-run marker
     * ({@code receiversAtEndOfRun}).
     */
    public static DropsSource of(String name, String node, JofCounters counters, int receivers) {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("tuplesReceived", counters.tuplesReceived());
        counts.put("tuplesHandedOver", counters.tuplesHandedOver());
        counts.put("tuplesDropped", counters.tuplesDropped());
        counts.put("tuplesRejected", counters.tuplesRejected());
        counts.put("messagesRejected", counters.messagesRejected());
        counts.put("sequenceGaps", counters.sequenceGaps());
        counts.put("tuplesDroppedBySenders", counters.tuplesDroppedBySenders());
        counts.put("endOfRunMismatches", counters.endOfRunMismatches());
        counts.put("receivers", (long) receivers);
        counts.put("receiversAtEndOfRun", (long) counters.receiversAtEndOfRun());
        return new DropsSource(name, node, counters.tuplesDroppedBySenders()
                + counters.tuplesDropped() + counters.tuplesRejected(), counts);
    }
}
