package org.cloudprofiler.flink.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.util.Collector;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.flink.testing.JobLogs;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.tupleid.RootSampling;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job written without the product's sources, profiled by configuration with
 * {@code cloudprofiler.sample: 1/8}: a sequence source with minted ids, a flatMap that makes
 * two records of each (fan-out), an event-time window fired by watermarks, and a sink. Every
 * record logged anywhere descends from a kept root, the counters see every record, and the
 * analysis measures the kept records' hops with no violation and says it was sampled.
 */
@Timeout(180) // A guard against a hang only: nothing here is timed.
class SampledJobITCase {
    private static final long RECORDS = 6_000;
    private static final RootSampling SAMPLING = RootSampling.oneIn(8);

    @TempDir
    Path directory;

    @Test
    void onlyTheKeptRootsAndWhatTheyLeadToAreLoggedAndAnalysed() throws Exception {
        Configuration configuration = new Configuration()
                .set(CoreOptions.DEFAULT_PARALLELISM, 2);
        configuration.setString("cloudprofiler.sample", "1/8");
        StreamExecutionEnvironment env = CloudProfilerFlink.localEnvironment(configuration);
        DataStream<Long> numbers = env.fromSequence(1, RECORDS).name("sampled-numbers")
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forMonotonousTimestamps()
                        .withTimestampAssigner((number, previous) -> number))
                .name("sampled-timestamps");
        numbers.flatMap((Long number, Collector<Long> out) -> {
            out.collect(number);
            out.collect(-number);
        }).returns(Types.LONG).name("sampled-both-signs")
                .keyBy(number -> Math.floorMod(number, 7L))
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(100)))
                .reduce(Long::sum).name("sampled-window")
                .sinkTo(new DiscardingSink<>()).name("sampled-sink");
        env.execute("sampled");

        TopologyDescription topology = JobLogs.topology();
        assertEquals("1/8", topology.sample());
        List<String> components = topology.components().stream()
                .map(TopologyDescription.Component::id).toList();
        Set<Long> keptChildren = new HashSet<>();
        List<Long> logged = new ArrayList<>();
        for (String component : components) {
            for (long[] lineage : JobLogs.records(component, 2, ProbePoint.LINEAGE)) {
                assertTrue(SAMPLING.keeps(lineage[1]), "a lineage record of an unkept root");
                keptChildren.add(lineage[0]);
            }
            for (ProbePoint point : List.of(ProbePoint.IN, ProbePoint.OUT)) {
                JobLogs.records(component, 2, point).forEach(record -> logged.add(record[0]));
            }
        }
        assertFalse(logged.isEmpty());
        for (long id : logged) {
            assertTrue(SAMPLING.keeps(id) || keptChildren.contains(id),
                    "id " + id + " logged, but neither kept nor a kept root's output");
        }

        AnalysisSummary analysis = JobLogs.analyse(components, directory);
        assertEquals(List.of(), analysis.violations());
        assertEquals(0, analysis.input().problemCount(), analysis.input()::toString);
        AnalysisSummary.Tuples tuples = analysis.tuples();
        assertEquals(8, tuples.sampledOneIn());
        long counted = tuples.complete() + tuples.timedOut() + tuples.unsampled();
        // About RECORDS / 8 = 750 kept; far outside a binomial's spread only if sampling broke.
        assertTrue(counted > 450 && counted < 1_050, tuples::toString);
        assertTrue(tuples.outputs().withLineage() > 450, tuples::toString);
        assertTrue(analysis.notes().stream().anyMatch(note -> note.startsWith("sampled 1/8")),
                analysis.notes()::toString);
        assertEquals(RECORDS, (long) analysis.run().sourceTuples(),
                "the counters see every record");
        // The window's results are roots of their own (docs/design.md, "Tuple lineage", rule
        // 2): the way from the source ends at the window, and the results' begins there.
        // Results fired by the end of input's watermark, which the sequence source makes, have
        // no known release (docs/design.md, "Watermarks"): how many depends on the timing.
        boolean unreleased = analysis.notes().stream()
                .anyMatch(note -> note.startsWith("watermark hops: "));
        for (AnalysisSummary.HopRow hop : analysis.hops()) {
            boolean throughTheWindow = hop.kind().equals("END_TO_END")
                    && hop.from().equals(components.get(0));
            boolean fromARelease = hop.kind().equals("WATERMARK");
            assertTrue(fromARelease ? hop.samples() > 0 || unreleased
                    : throughTheWindow != hop.samples() > 0, () -> hop.hop() + ": "
                    + hop.samples() + " samples; notes " + analysis.notes());
        }
    }
}
