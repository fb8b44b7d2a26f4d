package org.cloudprofiler.examples.wordcount;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.kafka.spout.FirstPollOffsetStrategy;
import org.apache.storm.kafka.spout.KafkaSpout;
import org.apache.storm.kafka.spout.KafkaSpoutConfig;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.storm.RunEndSignal;
import org.cloudprofiler.storm.jof.JofSpout;
import org.cloudprofiler.storm.jof.JofSpoutConfig;
import org.cloudprofiler.storm.kafka.ProfiledKafkaSpout;
import org.cloudprofiler.storm.pill.LocalRunMonitor;
import org.cloudprofiler.testing.InProcessKafka;
import org.cloudprofiler.testing.PortBlocks;
import org.junit.jupiter.api.Test;

/**
 * The drop-in promise: a word count written against KafkaSpout's fields runs fed by KafkaSpout
 * from an in-process broker, then unchanged fed by JofSpout with the generator sending the same
 * texts in the same order (generator id k = Kafka offset k of the one partition), and both
 * runs count exactly what the texts hold.
 */
class KafkaSpoutToJofSpoutITCase {
    private static final String TOPIC = "sentences";
    private static final int RECORDS = 2_000;
    private static final List<String> WORDS =
            List.of("storm", "flink", "tuple", "latency", "bound", "clock", "spout", "bolt");

    @Test
    void theSameTopologyCountsTheSameFedByKafkaSpoutOrJofSpout() throws Exception {
        List<String> sentences = sentences();
        Map<String, WordTally> expected = tally(sentences);

        Map<String, WordTally> viaKafka = runOnKafka(sentences);
        Map<String, WordTally> viaJof = runOnJof(sentences);

        assertEquals(expected, viaKafka);
        assertEquals(expected, viaJof);
    }

    private static List<String> sentences() {
        Random random = new Random(42);
        List<String> sentences = new ArrayList<>();
        for (int i = 0; i < RECORDS; i++) {
            StringBuilder text = new StringBuilder();
            for (int w = 1 + random.nextInt(6); w > 0; w--) {
                text.append(WORDS.get(random.nextInt(WORDS.size()))).append(w > 1 ? " " : ".");
            }
            sentences.add(text.toString());
        }
        return sentences;
    }

    /** What the topology must count: sentence k has offset k. */
    private static Map<String, WordTally> tally(List<String> sentences) {
        Map<String, WordTally> tallies = new HashMap<>();
        for (int offset = 0; offset < sentences.size(); offset++) {
            for (String word : sentences.get(offset).toLowerCase().split("\\W+")) {
                tallies.merge(word, new WordTally(1, offset), WordTally::plus);
            }
        }
        return tallies;
    }

    @SuppressWarnings("try") // LocalCluster.close() may throw InterruptedException; fine here.
    private static Map<String, WordTally> runOnKafka(List<String> sentences) throws Exception {
        String name = "word-count-kafka";
        try (InProcessKafka kafka = InProcessKafka.start()) {
            kafka.createTopic(TOPIC, 1);
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(
                    Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()),
                    new StringSerializer(), new StringSerializer())) {
                for (String sentence : sentences) {
                    producer.send(new ProducerRecord<>(TOPIC, 0, null, sentence));
                }
            }
            KafkaSpoutConfig<String, String> spoutConfig =
                    KafkaSpoutConfig.builder(kafka.bootstrapServers(), TOPIC)
                            .setGroupId(name)
                            .setFirstPollOffsetStrategy(FirstPollOffsetStrategy.EARLIEST)
                            .build();
            run(name, WordCountTopology.profiled(new ProfiledKafkaSpout(
                    new KafkaSpout<>(spoutConfig), RunEndSignal.afterEmitted(RECORDS))));
        }
        return WordCounts.of(name);
    }

    @SuppressWarnings("try") // LocalCluster.close() may throw InterruptedException; fine here.
    private static Map<String, WordTally> runOnJof(List<String> sentences) throws Exception {
        String name = "word-count-jof";
        JofSpoutConfig jof = JofSpoutConfig.builder("127.0.0.1", PortBlocks.free(1))
                .setTopic(TOPIC).setPayload(Payload.kryo(String.class, Kryo::new)).build();
        List<byte[]> payloads = new ArrayList<>();
        Kryo kryo = new Kryo();
        for (String sentence : sentences) {
            try (Output output = new Output(256, -1)) {
                kryo.writeObject(output, sentence);
                payloads.add(output.toBytes());
            }
        }
        Config conf = new Config();
        conf.setNumAckers(0);
        GeneratorResult result;
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology(name, conf, WordCountTopology.profiled(new JofSpout(jof)));
            try (Generator generator = Generator.builder().payload(Payload.preloaded())
                    .endpoints(jof.endpoints(1)).tuplesPerSecond(20_000).tupleCount(RECORDS)
                    .connectTimeout(Duration.ofSeconds(120)).build()) {
                generator.loadBytes(payloads);
                generator.start();
                result = generator.awaitEnd();
            }
            assertTrue(LocalRunMonitor.awaitRunEnd(name, Duration.ofSeconds(120)),
                    () -> "the run did not end: " + LocalRunMonitor.progress(name));
        }
        assertTrue(result.clean(), result.problems()::toString);
        return WordCounts.of(name);
    }

    @SuppressWarnings("try") // LocalCluster.close() may throw InterruptedException; fine here.
    private static void run(String name, StormTopology topology) throws Exception {
        Config conf = new Config();
        conf.setNumAckers(0);
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology(name, conf, topology);
            assertTrue(LocalRunMonitor.awaitRunEnd(name, Duration.ofSeconds(120)),
                    () -> "the run did not end: " + LocalRunMonitor.progress(name));
        }
    }
}
