package org.cloudprofiler.examples.flink.ysb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.examples.ysb.common.CampaignWindows;
import org.cloudprofiler.examples.ysb.common.ExpectedWindows;
import org.cloudprofiler.examples.ysb.common.TumblingWindows;
import org.cloudprofiler.examples.ysb.common.YsbStages;
import org.cloudprofiler.flink.profile.CloudProfilerFlink;
import org.cloudprofiler.flink.source.JofSource;
import org.cloudprofiler.flink.testing.JobLogs;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.generator.ysb.AdEvent;
import org.cloudprofiler.generator.ysb.AdEventPool;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.log.LogSummary;
import org.cloudprofiler.testing.ChannelLogs;
import org.cloudprofiler.testing.PortBlocks;
import org.cloudprofiler.topology.TopologyDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generator → a bounded JofSource → {@link YsbJob} profiled with one call, at parallelism 2
 * with the keyed exchange before the window count: every generated id is logged once at every
 * stage it reaches (views past the filter), the windows are what the ids imply, every subtask
 * records its end of run once, topology.json has the chains of the job graph Flink ran, every
 * log decodes, and the analyzer reports every hop with no violation.
 *
 * <p>On a local environment of its own rather than a MiniClusterExtension's: the analyzer runs
 * its own job afterwards, which a test environment context would refuse.
 */
@Timeout(240) // A guard against a hang only: nothing here is timed.
class ProfiledYsbITCase {
    private static final int PARALLELISM = 2;
    private static final int EVENTS = 20_000;
    private static final AdEventPool POOL = AdEventPool.generate(7, EVENTS);

    @TempDir
    Path directory;

    @Test
    void theProfiledYsbLogsEveryIdAtEveryStageAndTheAnalyzerFindsNoViolation()
            throws Exception {
        String name = "ysb-flink-profiled-it";
        JofSource<AdEvent> source =
                GeneratedAdEvents.source(PortBlocks.free(PARALLELISM), PARALLELISM);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(
                PARALLELISM);
        CampaignWindows.clear(name);
        JobLogs.forget(YsbStages.ALL);
        YsbJob.addTo(env, source, AdEventReader.asIs(), POOL.campaignOfAd(), name);

        StreamGraph graph = CloudProfilerFlink.profile(env).streamGraph(name);
        Set<String> chains = new HashSet<>();
        for (JobVertex vertex : graph.getJobGraph().getVertices()) {
            chains.add(vertex.getName());
        }
        CompletableFuture<GeneratorResult> generator =
                GeneratedAdEvents.send(POOL, EVENTS, 40_000, source.endpoints());
        env.execute(graph);
        GeneratorResult sent = generator.get();
        assertTrue(sent.clean(), sent.problems()::toString);

        assertEquals(ExpectedWindows.ofGeneratorTuples(POOL, EVENTS, TumblingWindows.YSB),
                CampaignWindows.of(name));

        Map<Long, Long> all = ids(id -> true);
        Map<Long, Long> views = ids(id -> "view".equals(POOL.events().get(id).eventType()));
        assertStage(YsbStages.EVENTS, all, all);
        assertStage(YsbStages.DESERIALIZE, all, all);
        assertStage(YsbStages.FILTER, all, views);
        assertStage(YsbStages.PROJECT, views, views);
        assertStage(YsbStages.JOIN, views, views);
        assertStage(YsbStages.WINDOW_COUNT, views, views);
        assertEquals(views, JobLogs.idCounts(YsbStages.SINK, PARALLELISM, ProbePoint.IN));

        TopologyDescription topology = JobLogs.topology();
        assertEquals(Set.of("Source: events -> deserialize -> filter -> project -> join",
                "window-count -> sink: Writer"), chains);
        List<String> edges = topology.edges().stream().map(e -> e.from() + "->" + e.to() + " "
                + e.grouping() + (e.chained() ? " chained" : "")).toList();
        assertEquals(List.of("events->deserialize forward chained",
                "deserialize->filter forward chained", "filter->project forward chained",
                "project->join forward chained", "join->window-count hash",
                "window-count->sink forward chained"), edges);
        for (TopologyDescription.Task task : topology.tasks()) {
            for (TopologyDescription.Channel channel : task.channels()) {
                LogSummary summary = summary(channel.name());
                assertTrue(!summary.hasProblems() && summary.closedCleanly(),
                        channel.name() + ": " + summary.problems());
            }
            List<Long> marks = JobLogs.ids(
                    ProbePoint.FIRST_LAST.channelName(task.component(), task.id()));
            assertEquals(HandlerType.POISON_PILL_ID, marks.get(marks.size() - 1), task::toString);
            assertEquals(1, marks.stream().filter(m -> m == HandlerType.POISON_PILL_ID).count(),
                    task::toString);
        }

        AnalysisSummary analysis = JobLogs.analyse(YsbStages.ALL, directory);
        assertEquals(List.of(), analysis.violations());
        Set<String> hops = new HashSet<>();
        analysis.hops().forEach(hop -> hops.add(hop.hop()));
        for (String hop : List.of("events -> deserialize (chained)", "join -> window-count",
                "window-count -> sink (chained)", "window-count", "events => sink")) {
            assertTrue(hops.contains(hop), hop + " not in " + hops);
        }
        for (AnalysisSummary.HopRow hop : analysis.hops()) {
            assertTrue(hop.samples() > 0, hop::toString);
            assertEquals(hop.samples(), hop.boundedSamples(), hop::toString);
        }
    }

    /** Each tuple id below EVENTS that {@code keep} keeps, once. */
    private static Map<Long, Long> ids(IntPredicate keep) {
        Map<Long, Long> ids = new HashMap<>();
        IntStream.range(0, EVENTS).filter(keep).forEach(id -> ids.put((long) id, 1L));
        return ids;
    }

    private static void assertStage(String stage, Map<Long, Long> in, Map<Long, Long> out) {
        assertEquals(in, JobLogs.idCounts(stage, PARALLELISM, ProbePoint.IN), stage + " in");
        assertEquals(out, JobLogs.idCounts(stage, PARALLELISM, ProbePoint.OUT), stage + " out");
    }

    private static LogSummary summary(String channel) {
        try {
            return LogReader.scan(ChannelLogs.findOwn(channel));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
