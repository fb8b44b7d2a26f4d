package org.cloudprofiler.storm.jof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.Utils;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.jof.FullQueuePolicy;
import org.cloudprofiler.generator.jof.JavaObjectFactory;
import org.junit.jupiter.api.Test;

class JofSpoutConfigTest {

    @Test
    void theDefaultLayoutIsKafkaSpouts() {
        JofSpoutConfig config = JofSpoutConfig.builder("127.0.0.1", 27000).setTopic("t").build();
        JofRecord record = new JofRecord(config.topic(), 1, 42, "v");

        assertEquals(List.of(new JofRecordTranslator.StreamDeclaration(Utils.DEFAULT_STREAM_ID,
                new Fields("topic", "partition", "offset", "key", "value"))).toString(),
                config.translator().streams().toString());
        List<Object> values = config.translator().apply(record);
        assertEquals(Arrays.asList("t", 1, 42L, null, "v"), values);
        // Storm's emit path is slower on other lists (DefaultJofRecordTranslator#apply).
        assertInstanceOf(Values.class, values);
    }

    @Test
    void aFunctionWithFieldsAndAStreamTranslatesLikeKafkaSpoutsFunc() throws Exception {
        JofSpoutConfig config = JofSpoutConfig.builder("127.0.0.1", 27000)
                .setRecordTranslator(r -> List.of(r.tupleId(), r.value()),
                        new Fields("id", "event"), "events")
                .build();
        // Topologies are serialized when submitted: the translator must survive it.
        JofSpoutConfig copy = roundTrip(config);
        JofRecord record = new JofRecord("jof", 0, 7, "payload");

        assertEquals(List.of(7L, "payload"), copy.translator().apply(record));
        assertEquals("events", copy.translator().streamFor(record));
        assertEquals(List.of("id", "event"),
                copy.translator().streams().get(0).fields().toList());
    }

    @Test
    void partitionsNumberEverySendersStreamToEveryReceiverOnceAcrossTheSpoutsTasks() {
        JofSpoutConfig config = JofSpoutConfig.builder("10.0.0.5", 27000)
                .setReceiversPerTask(2).build();
        int spoutTasks = 3;
        int senders = 2;
        int spoutReceivers = spoutTasks * config.receiversPerTask();
        List<Integer> partitions = new ArrayList<>();
        for (int sender = 0; sender < senders; sender++) {
            for (int task = 0; task < spoutTasks; task++) {
                for (int r = 0; r < config.receiversPerTask(); r++) {
                    partitions.add(JofSpoutConfig.partition(sender,
                            config.spoutReceiver(task, r), spoutReceivers));
                }
            }
        }
        assertEquals(IntStream.range(0, senders * spoutReceivers).boxed().toList(), partitions);
        // One sender: the partition is the receiver's port offset.
        assertEquals(5, JofSpoutConfig.partition(0, config.spoutReceiver(2, 1), spoutReceivers));
    }

    @Test
    void endpointsFollowTaskThenReceiver() {
        JofSpoutConfig config = JofSpoutConfig.builder("10.0.0.5", 27000)
                .setReceiversPerTask(2).build();

        assertEquals(List.of("tcp://10.0.0.5:27000", "tcp://10.0.0.5:27001",
                "tcp://10.0.0.5:27002", "tcp://10.0.0.5:27003"), config.endpoints(2));
        assertEquals(List.of("tcp://10.0.0.5:27002", "tcp://10.0.0.5:27003"),
                config.taskEndpoints(1));
    }

    @Test
    void impossibleSettingsAreRefusedWithTheirValues() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> JofSpoutConfig.builder("127.0.0.1", 70000).build());
        assertTrue(refused.getMessage().contains("port 70000"), refused.getMessage());
        refused = assertThrows(IllegalArgumentException.class,
                () -> JofSpoutConfig.builder("127.0.0.1", 27000).setReceiveHighWaterMark(-1)
                        .build());
        assertTrue(refused.getMessage().contains("high-water mark -1"), refused.getMessage());
        assertThrows(NullPointerException.class,
                () -> JofSpoutConfig.builder("127.0.0.1", 27000).setWhenQueueFull(null).build());
    }

    @Test
    void aPreloadedPayloadIsRefusedWhenConfiguredWithTheJofsMessageNotInTheWorker() {
        IllegalArgumentException jofRefusal = assertThrows(IllegalArgumentException.class,
                () -> JavaObjectFactory.builder().payload(Payload.preloaded()));

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> JofSpoutConfig.builder("127.0.0.1", 27000).setPayload(Payload.preloaded()));

        assertEquals(jofRefusal.getMessage(), refused.getMessage());
    }

    @Test
    void aFullQueueWaitsLikeKafkaSpoutsTopicUnlessToldOtherwiseAndSettingsSurviveSubmission()
            throws Exception {
        JofSpoutConfig defaults = JofSpoutConfig.builder("127.0.0.1", 27000).build();
        assertEquals(JavaObjectFactory.DEFAULT_QUEUE_CAPACITY, defaults.queueCapacity());
        assertEquals(FullQueuePolicy.WAIT, defaults.whenQueueFull());
        assertEquals(JavaObjectFactory.DEFAULT_RECEIVE_HIGH_WATER_MARK,
                defaults.receiveHighWaterMark());

        JofSpoutConfig copy = roundTrip(JofSpoutConfig.builder("127.0.0.1", 27000)
                .setQueueCapacity(32).setWhenQueueFull(FullQueuePolicy.DROP)
                .setReceiveHighWaterMark(16).build());
        assertEquals(32, copy.queueCapacity());
        assertEquals(FullQueuePolicy.DROP, copy.whenQueueFull());
        assertEquals(16, copy.receiveHighWaterMark());
    }

    private static JofSpoutConfig roundTrip(JofSpoutConfig config) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(config);
        }
        try (ObjectInputStream in = new ObjectInputStream(
                new ByteArrayInputStream(bytes.toByteArray()))) {
            return (JofSpoutConfig) in.readObject();
        }
    }
}
