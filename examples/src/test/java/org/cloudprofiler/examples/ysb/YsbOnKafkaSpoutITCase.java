package org.cloudprofiler.examples.ysb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.storm.LocalCluster;
import org.apache.storm.kafka.spout.FirstPollOffsetStrategy;
import org.apache.storm.kafka.spout.KafkaSpout;
import org.apache.storm.kafka.spout.KafkaSpoutConfig;
import org.cloudprofiler.examples.ysb.common.CampaignWindows;
import org.cloudprofiler.examples.ysb.common.ExpectedWindows;
import org.cloudprofiler.examples.ysb.common.TumblingWindows;
import org.cloudprofiler.examples.ysb.common.YsbKafkaFeed;
import org.cloudprofiler.examples.ysb.common.YsbStages;
import org.cloudprofiler.generator.ysb.AdEvent;
import org.cloudprofiler.generator.ysb.AdEventPool;
import org.cloudprofiler.storm.RunEndSignal;
import org.cloudprofiler.storm.kafka.ProfiledKafkaSpout;
import org.cloudprofiler.storm.pill.LocalRunMonitor;
import org.cloudprofiler.storm.testing.ProfileLogs;
import org.cloudprofiler.storm.tupleid.PartitionOffsetTupleIdExtractor;
import org.cloudprofiler.testing.InProcessKafka;
import org.junit.jupiter.api.Test;

/**
 * The same YSB topology fed by a profiled KafkaSpout with the benchmark's JSON from an
 * in-process broker: the windows hold exactly the view counts the events imply, and every view
 * reaches the sink under its {@code partition << 48 | offset} id.
 */
class YsbOnKafkaSpoutITCase {
    private static final String NAME = "ysb-kafka-it";
    private static final String TOPIC = "ad-events";
    private static final int PARTITIONS = 2;
    private static final int EVENTS = 3_000;

    @Test
    @SuppressWarnings("try") // LocalCluster.close() may throw InterruptedException; fine here.
    void theWindowsHoldTheViewCountsOfTheEvents() throws Exception {
        // 3,000 events one millisecond apart span the first windows of the pool's event time.
        AdEventPool pool = AdEventPool.generate(11, EVENTS);
        List<Long> ids;
        CampaignWindows.clear(NAME);
        try (InProcessKafka kafka = InProcessKafka.start()) {
            kafka.createTopic(TOPIC, PARTITIONS);
            ids = YsbKafkaFeed.send(kafka.bootstrapServers(), TOPIC, PARTITIONS, pool.events())
                    .stream().map(YsbOnKafkaSpoutITCase::tupleId).toList();
            KafkaSpoutConfig<String, String> spoutConfig =
                    KafkaSpoutConfig.builder(kafka.bootstrapServers(), TOPIC)
                            .setGroupId(NAME)
                            .setFirstPollOffsetStrategy(FirstPollOffsetStrategy.EARLIEST)
                            .build();
            try (LocalCluster cluster = new LocalCluster()) {
                cluster.submitTopology(NAME, YsbTopology.config(1), YsbTopology.profiled(
                        new ProfiledKafkaSpout(new KafkaSpout<>(spoutConfig),
                                RunEndSignal.afterEmitted(EVENTS)), 1, 2, pool.campaignOfAd()));
                assertTrue(LocalRunMonitor.awaitRunEnd(NAME, Duration.ofSeconds(120)),
                        () -> "the run did not end: " + LocalRunMonitor.progress(NAME));
            }
        }

        Map<Long, Long> expectedViewIds = new HashMap<>();
        for (int i = 0; i < EVENTS; i++) {
            AdEvent event = pool.events().get(i);
            if (event.eventType().equals("view")) {
                expectedViewIds.put(ids.get(i), 1L);
            }
        }
        assertEquals(ExpectedWindows.of(pool.events(), pool.campaignOfAd(),
                TumblingWindows.YSB), CampaignWindows.of(NAME));
        assertEquals(expectedViewIds, ProfileLogs.idCounts(YsbStages.SINK, "in"));
        assertEquals(ids.stream().collect(Collectors.toMap(Function.identity(), id -> 1L)),
                ProfileLogs.idCounts(YsbStages.DESERIALIZE, "in"));
    }

    /** The id the profiled KafkaSpout gives the record, {@code partition << 48 | offset}. */
    private static long tupleId(RecordMetadata record) {
        return PartitionOffsetTupleIdExtractor.id(record.partition(), record.offset());
    }
}
