package org.cloudprofiler.generator.drops;

import java.util.LinkedHashMap;
import java.util.Map;
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
