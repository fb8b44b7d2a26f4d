package org.cloudprofiler.flink.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MetricOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.metrics.Histogram;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.flink.source.JofSource;
import org.cloudprofiler.flink.testing.JobLogs;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.testing.PortBlocks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What Flink's latency markers miss and the profiler catches: a map that sleeps a known time per
 * record. The markers, sent every 10 ms, pass the map without waiting for its work (with network
 * buffers flushed every 1 ms, so that what is left is what markers measure); the analyzer's
 * compute hop of the map, from its in and out records, shows at least the sleep for every record.
 * How far below the sleep the markers stay depends on the machine's load (a loaded CI host
 * measured them close to it), so it is not asserted: tests do not assert on time.
 */
@Timeout(180) // A guard against a hang only.
class LatencyMarkersITCase {
    private static final long SLEEP_MS = 40;
    private static final long TUPLES = 50;

    private static final InMemoryReporter METRICS = InMemoryReporter.createWithRetainedMetrics();

    @TempDir
    Path directory;

    private static Configuration markersEvery10Ms() {
        Configuration configuration = new Configuration();
        configuration.set(MetricOptions.LATENCY_INTERVAL, Duration.ofMillis(10));
        return configuration;
    }

    @Test
    void theComputeHopShowsTheSleepTheMarkersDoNotSee() throws Exception {
        JofSource<String> source = JofSource.<String>builder().setBasePort(PortBlocks.free(1))
                .setReceivers(1).setDeserializer(new ValueNamedById()).setBounded().build();
        // A local environment of its own, not a MiniClusterExtension's: the analyzer runs its
        // own job on one afterwards, which a test environment context would refuse.
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1,
                METRICS.addToConfiguration(markersEvery10Ms()));
        // Flushed within 1 ms, so a marker does not wait the default 100 ms in a buffer.
        env.setBufferTimeout(1);
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "lm-source").uid("lm-source")
                .map(value -> {
                    Thread.sleep(SLEEP_MS);
                    return value;
                }).uid("lm-sleep")
                .rebalance().sinkTo(new DiscardingSink<>()).uid("lm-sink");

        JobClient job = CloudProfilerFlink.profile(env).executeAsync("latency-markers");
        try (Generator generator = Generator.builder().endpoints(source.endpoints())
                .tuplesPerSecond(1_000).tupleCount(TUPLES)
                .connectTimeout(Duration.ofSeconds(60)).build()) {
            generator.start();
            generator.awaitEnd();
        }
        job.getJobExecutionResult().get();

        assertTrue(markersArrived(job.getJobID()), "no latency marker arrived");

        AnalysisSummary summary =
                JobLogs.analyse(List.of("lm-source", "lm-sleep", "lm-sink"), directory);
        AnalysisSummary.HopRow compute = summary.hops().stream()
                .filter(h -> h.kind().equals("COMPUTE") && h.from().equals("lm-sleep"))
                .findFirst().orElseThrow(() -> new AssertionError(summary.hops().toString()));
        assertEquals(TUPLES, compute.boundedSamples(), compute.toString());
        // The histogram's resolution: its smallest value is exact to 0.1%.
        assertTrue(compute.latencyNs().min() >= 0.999 * SLEEP_MS * 1_000_000,
                compute.toString());
    }

    /** Whether any of the job's latency-marker histograms counted a marker. */
    private static boolean markersArrived(JobID job) {
        for (Map.Entry<MetricGroup, Map<String, Metric>> group
                : METRICS.getMetricsByGroup().entrySet()) {
            if (!job.toString().equals(group.getKey().getAllVariables().get("<job_id>"))) {
                continue;
            }
            for (Map.Entry<String, Metric> metric : group.getValue().entrySet()) {
                if (metric.getKey().equals("latency") && metric.getValue() instanceof Histogram h
                        && h.getCount() > 0) {
                    return true;
                }
            }
        }
        return false;
    }
}
