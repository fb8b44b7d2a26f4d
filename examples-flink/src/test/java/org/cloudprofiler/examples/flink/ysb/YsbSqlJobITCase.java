package org.cloudprofiler.examples.flink.ysb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;

import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.cloudprofiler.examples.ysb.common.CampaignWindows;
import org.cloudprofiler.examples.ysb.common.ExpectedWindows;
import org.cloudprofiler.examples.ysb.common.TumblingWindows;
import org.cloudprofiler.flink.profile.CloudProfilerFlink;
import org.cloudprofiler.flink.source.JofSource;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.generator.ysb.AdEvent;
import org.cloudprofiler.generator.ysb.AdEventPool;
import org.cloudprofiler.testing.PortBlocks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link YsbSqlJob} on a MiniCluster of parallelism 2, fed by the generator through a bounded
 * JofSource: every window is emitted once the input ends, with the count the tuple ids imply.
 */
@Timeout(180) // A guard against a hang only: nothing here is timed.
class YsbSqlJobITCase {
    private static final int PARALLELISM = 2;
    /** Six windows of the pool's event time, one millisecond per event. */
    private static final int EVENTS = 60_000;

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1)
                    .setNumberSlotsPerTaskManager(PARALLELISM).build());

    @Test
    void theWindowsAreWhatTheTupleIdsImply() throws Exception {
        String name = "ysb-flink-sql-it";
        AdEventPool pool = AdEventPool.generate(9, EVENTS);
        JofSource<AdEvent> source =
                GeneratedAdEvents.source(PortBlocks.free(PARALLELISM), PARALLELISM);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(PARALLELISM);
        CampaignWindows.clear(name);
        YsbSqlJob.addTo(env, source, pool.campaignOfAd(), name);

        CompletableFuture<GeneratorResult> generator =
                GeneratedAdEvents.send(pool, EVENTS, 50_000, source.endpoints());
        CloudProfilerFlink.profile(env).execute(name);

        GeneratorResult sent = generator.get();
        assertTrue(sent.clean(), sent.problems()::toString);
        assertEquals(ExpectedWindows.ofGeneratorTuples(pool, EVENTS, TumblingWindows.YSB),
                CampaignWindows.of(name));
    }
}
