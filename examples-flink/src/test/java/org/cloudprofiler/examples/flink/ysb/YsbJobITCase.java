package org.cloudprofiler.examples.flink.ysb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.examples.ysb.common.CampaignWindows;
import org.cloudprofiler.examples.ysb.common.ExpectedWindows;
import org.cloudprofiler.examples.ysb.common.TumblingWindows;
import org.cloudprofiler.examples.ysb.common.WindowKey;
import org.cloudprofiler.examples.ysb.common.YsbKafkaFeed;
import org.cloudprofiler.examples.ysb.common.YsbStages;
import org.cloudprofiler.flink.kafka.ProfiledKafkaDeserializer;
import org.cloudprofiler.flink.profile.CloudProfilerFlink;
import org.cloudprofiler.flink.source.JofSource;
import org.cloudprofiler.flink.testing.JobLogs;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.generator.ysb.AdEvent;
import org.cloudprofiler.generator.ysb.AdEventPool;
import org.cloudprofiler.probe.PartitionOffsetIds;
import org.cloudprofiler.testing.InProcessKafka;
import org.cloudprofiler.testing.PortBlocks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link YsbJob} on a MiniCluster of parallelism 2 (keyed by campaign, so views cross the
 * network), the same job code fed two ways: by the generator through a bounded JofSource, and
 * by a bounded KafkaSource of the benchmark's JSON from an in-process broker, each profiled with
 * one call. Both runs leave exactly the windows the events imply, with no view late and no ad
 * unknown; the profiled KafkaSource logs every record once, under its partition and offset.
 */
@Timeout(180) // A guard against a hang only: nothing here is timed.
class YsbJobITCase {
    private static final int PARALLELISM = 2;
    private static final int EVENTS = 25_000;
    private static final AdEventPool POOL = AdEventPool.generate(5, EVENTS);
    /** Events one millisecond apart: three windows of the pool's event time. */
    private static final Map<WindowKey, Long> EXPECTED =
            ExpectedWindows.of(POOL.events(), POOL.campaignOfAd(), TumblingWindows.YSB);

    private static final InMemoryReporter METRICS = InMemoryReporter.createWithRetainedMetrics();

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1)
                    .setNumberSlotsPerTaskManager(PARALLELISM)
                    .setConfiguration(METRICS.addToConfiguration(new Configuration())).build());

    @Test
    void onJofSourceTheWindowsAreWhatTheTupleIdsImply() throws Exception {
        String name = "ysb-flink-jof-it";
        JofSource<AdEvent> source =
                GeneratedAdEvents.source(PortBlocks.free(PARALLELISM), PARALLELISM);
        StreamExecutionEnvironment env = environment(name);
        YsbJob.addTo(env, source, AdEventReader.asIs(), POOL.campaignOfAd(), name);

        CompletableFuture<GeneratorResult> generator =
                GeneratedAdEvents.send(POOL, EVENTS, 50_000, source.endpoints());
        JobExecutionResult job = CloudProfilerFlink.profile(env).execute(name);

        GeneratorResult sent = generator.get();
        assertTrue(sent.clean(), sent.problems()::toString);
        assertEquals(EVENTS, sent.sentTuples());
        assertEquals(ExpectedWindows.ofGeneratorTuples(POOL, EVENTS, TumblingWindows.YSB),
                EXPECTED);
        assertEquals(EXPECTED, CampaignWindows.of(name));
        assertNothingDropped(job, 0);
    }

    @Test
    void onKafkaSourceTheSameJobGivesTheSameWindowsAndCountsUnreadableRecords()
            throws Exception {
        String name = "ysb-flink-kafka-it";
        String topic = "ad-events";
        JobExecutionResult job;
        try (InProcessKafka kafka = InProcessKafka.start()) {
            kafka.createTopic(topic, PARALLELISM);
            Map<Long, Long> records = new HashMap<>();
            for (RecordMetadata sent : YsbKafkaFeed.send(kafka.bootstrapServers(), topic,
                    PARALLELISM, POOL.events())) {
                records.put(PartitionOffsetIds.id(sent.partition(), sent.offset()), 1L);
            }
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(
                    Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()),
                    new StringSerializer(), new StringSerializer())) {
                RecordMetadata sent = producer.send(
                        new ProducerRecord<>(topic, "{\"ad_id\": \"no event\"}")).get();
                records.put(PartitionOffsetIds.id(sent.partition(), sent.offset()), 1L);
            }
            KafkaSource<String> source = KafkaSource.<String>builder()
                    .setBootstrapServers(kafka.bootstrapServers()).setTopics(topic)
                    .setGroupId(name).setStartingOffsets(OffsetsInitializer.earliest())
                    .setBounded(OffsetsInitializer.latest())
                    .setDeserializer(ProfiledKafkaDeserializer.of(
                            KafkaRecordDeserializationSchema.valueOnly(StringDeserializer.class)))
                    .build();
            StreamExecutionEnvironment env = environment(name);
            YsbJob.addTo(env, source, AdEventReader.json(), POOL.campaignOfAd(), name);

            job = CloudProfilerFlink.profile(env).execute(name);
            assertEquals(records, JobLogs.idCounts(YsbStages.EVENTS, PARALLELISM,
                    ProbePoint.IN));
        }

        assertEquals(EXPECTED, CampaignWindows.of(name));
        assertNothingDropped(job, 1);
    }

    private static StreamExecutionEnvironment environment(String name) throws IOException {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(PARALLELISM);
        CampaignWindows.clear(name);
        JobLogs.forget(YsbStages.ALL);
        return env;
    }

    private static void assertNothingDropped(JobExecutionResult job, long unreadable) {
        assertEquals(unreadable, YsbCounters.sum(METRICS, job.getJobID(),
                CountedDrops.UNREADABLE_EVENTS));
        assertEquals(0, YsbCounters.sum(METRICS, job.getJobID(), CountedDrops.UNKNOWN_ADS));
        assertEquals(0, YsbCounters.sum(METRICS, job.getJobID(), CountedDrops.LATE_VIEWS));
    }
}
