package org.cloudprofiler.examples.flink.ysb;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Map;

import org.apache.flink.api.common.JobID;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Metric;
import org.apache.flink.runtime.testutils.InMemoryReporter;

/** The YSB counters a job left in an {@link InMemoryReporter}. Stateless. */
final class YsbCounters {

    private YsbCounters() {}

    /**
     * The sum over every subtask of {@code job} of counter {@code ysb.<name>}, which must exist:
     * a sum of no counter at all would be 0 too.
     */
    static long sum(InMemoryReporter metrics, JobID job, String name) {
        Map<String, Metric> counters =
                metrics.findMetrics(job, ".*\\." + CountedDrops.GROUP + "\\." + name + "$");
        assertFalse(counters.isEmpty(), () -> "no counter " + CountedDrops.GROUP + "." + name);
        return counters.values().stream().mapToLong(counter -> ((Counter) counter).getCount())
                .sum();
    }
}
