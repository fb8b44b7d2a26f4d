package org.cloudprofiler.generator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.cloudprofiler.CloudProfilerException;
import org.cloudprofiler.channel.IngestionChannel;
import org.cloudprofiler.generator.wire.PayloadClass;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.log.LogSummary;
import org.cloudprofiler.testing.ChannelLogs;
import org.junit.jupiter.api.Test;

/** The generator through its Java API, received by JeroMQ PULL sockets as the JOF will. */
class GeneratorTest {
    private static final long ID_BASE = 7_000_000_000L;

    @Test
    void everyTupleArrivesOnceInContiguousSequencesWithMarkersLast() throws Exception {
        int senders = 3;
        long tuples = 200_003;
        List<GeneratorStats> live = new CopyOnWriteArrayList<>();
        try (JeroMqReceiver first = new JeroMqReceiver();
                JeroMqReceiver second = new JeroMqReceiver();
                Generator generator = Generator.builder()
                        .endpoints(first.endpoint(), second.endpoint()).senderThreads(senders)
                        .tuplesPerSecond(1_000_000).tupleCount(tuples).idBase(ID_BASE)
                        // The other runs here spin before due times, as by default.
                        .spinWindow(Duration.ZERO).onSecond(live::add).build()) {
            first.readUntilMarkers(senders);
            second.readUntilMarkers(senders);
            generator.start();
            GeneratorResult result = generator.awaitEnd();
            assertEquals(0, result.droppedTuples(), "the receivers fell behind: " + result);

            Set<Long> ids = new HashSet<>();
            for (JeroMqReceiver receiver : List.of(first, second)) {
                checkSequencesAndMarkers(receiver.awaitBuckets(), senders, ids);
            }
            assertEquals(tuples, ids.size());
            for (long id = ID_BASE; id < ID_BASE + tuples; id++) {
                assertTrue(ids.contains(id), "missing id " + id);
            }
            assertEquals(tuples, result.sentTuples());
            assertTrue(result.clean(), result.problems().toString());
            for (ReceiverTotals receiver : result.receivers()) {
                assertEquals(senders, receiver.markersDelivered(), receiver.toString());
            }
            assertEquals(tuples, result.seconds().stream().mapToLong(GeneratorStats::sentTuples)
                    .sum());
            assertEquals(result.seconds(), live);
            assertEquals(result.sentBuckets(), result.seconds().stream()
                    .mapToLong(GeneratorStats::lagSamples).sum());
        }
    }

    // Per sender: sequences 0, 1, 2, … with the marker last and its totals what arrived.
    private static void checkSequencesAndMarkers(List<ReceivedBucket> buckets, int senders,
            Set<Long> ids) {
        Map<Integer, Long> nextSequence = new HashMap<>();
        Map<Integer, long[]> counted = new HashMap<>();
        Set<Integer> ended = new HashSet<>();
        for (ReceivedBucket bucket : buckets) {
            int sender = bucket.sender();
            assertEquals(senders, bucket.senderCount());
            assertFalse(ended.contains(sender), "sender " + sender + " sent after its marker");
            long expected = nextSequence.merge(sender, 1L, Long::sum) - 1;
            assertEquals(expected, bucket.sequence(), "sequence of sender " + sender);
            long[] count = counted.computeIfAbsent(sender, s -> new long[2]);
            if (bucket.isMarker()) {
                ended.add(sender);
                assertEquals(count[0], bucket.markerTuplesSent());
                assertEquals(count[1], bucket.markerBucketsSent());
                assertEquals(0, bucket.markerTuplesDropped());
                continue;
            }
            count[0] += bucket.ids().size();
            count[1]++;
            for (long id : bucket.ids()) {
                assertEquals(sender, (id - ID_BASE) % senders, "sender of id " + id);
                assertTrue(ids.add(id), "id " + id + " twice");
            }
        }
        assertEquals(senders, ended.size(), "markers");
    }

    @Test
    void loadedBytesArriveIntactInIdOrderWithFreshIds() throws Exception {
        List<byte[]> loaded = List.of(new byte[] {1, 2, 3}, new byte[0], new byte[] {-1},
                "a longer, Kryo-serialised object".getBytes(StandardCharsets.UTF_8));
        long tuples = 5_001;
        try (JeroMqReceiver receiver = new JeroMqReceiver();
                Generator generator = Generator.builder().endpoints(receiver.endpoint())
                        .senderThreads(2).tuplesPerSecond(500_000).tupleCount(tuples)
                        .idBase(ID_BASE).payload(Payload.preloaded()).build()) {
            generator.loadBytes(loaded);
            receiver.readUntilMarkers(2);
            generator.start();
            assertEquals(0, generator.awaitEnd().droppedTuples());
            Set<Long> ids = new HashSet<>();
            for (ReceivedBucket bucket : receiver.awaitBuckets()) {
                if (bucket.isMarker()) {
                    continue;
                }
                assertEquals(PayloadClass.PRELOADED_KRYO.id(), bucket.payloadClass());
                for (int i = 0; i < bucket.ids().size(); i++) {
                    long id = bucket.ids().get(i);
                    assertArrayEquals(loaded.get((int) ((id - ID_BASE) % loaded.size())),
                            bucket.payloads().get(i), "payload of id " + id);
                    assertTrue(ids.add(id));
                }
            }
            assertEquals(tuples, ids.size());
        }
    }

    @Test
    void ysbEventsReadWithKryoAndAreWhatKryoWouldWrite() throws Exception {
        long seed = 42;
        Map<String, String> campaignOfAd = Generator.ysbAdCampaigns(seed);
        assertEquals(1000, campaignOfAd.size());
        assertEquals(100, new HashSet<>(campaignOfAd.values()).size());
        try (JeroMqReceiver receiver = new JeroMqReceiver();
                Generator generator = Generator.builder().endpoints(receiver.endpoint())
                        .tuplesPerSecond(200_000).tupleCount(20_000).payload(Payload.ysb()).seed(seed)
                        .build()) {
            receiver.readUntilMarkers(1);
            long beforeMs = System.currentTimeMillis();
            generator.start();
            generator.awaitEnd();
            long afterMs = System.currentTimeMillis();
            int events = 0;
            Set<String> eventTypes = new HashSet<>();
            for (ReceivedBucket bucket : receiver.awaitBuckets()) {
                if (bucket.isMarker()) {
                    continue;
                }
                assertEquals(PayloadClass.YSB_AD_EVENT.id(), bucket.payloadClass());
                for (byte[] payload : bucket.payloads()) {
                    KryoAdEventReader event = KryoAdEventReader.read(payload);
                    assertArrayEquals(event.write(), payload, "not what Kryo writes: " + event);
                    assertNotNull(campaignOfAd.get(event.adId()), event.adId());
                    assertTrue(List.of("banner", "modal", "sponsored-search", "mail", "mobile")
                            .contains(event.adType()), event.adType());
                    assertTrue(event.eventTimeMs() >= beforeMs && event.eventTimeMs() <= afterMs,
                            event.eventTimeMs() + " outside the run");
                    assertTrue(event.userId().matches("[0-9a-f-]{36}"), event.userId());
                    assertTrue(event.ipAddress().matches("(\\d{1,3}\\.){3}\\d{1,3}"));
                    eventTypes.add(event.eventType());
                    events++;
                }
            }
            assertEquals(20_000, events);
            assertEquals(Set.of("view", "click", "purchase"), eventTypes);
        }
    }

    @Test
    void aGeneratorThatLogsItsSendsOpensAChannelPerSenderAndClosesThemEvenIfNeverStarted()
            throws Exception {
        try (Generator generator = Generator.builder().endpoints("tcp://127.0.0.1:1")
                .senderThreads(2).logSends(true).build()) {
            assertNotNull(generator);
        }
        for (int sender = 0; sender < 2; sender++) {
            LogSummary summary = LogReader.scan(ChannelLogs.findOwn(IngestionChannel.name(sender)));
            assertTrue(summary.closedCleanly(), IngestionChannel.name(sender));
            assertEquals(0, summary.recordCount(), IngestionChannel.name(sender));
        }
    }

    @Test
    void badOptionsAreRejectedWithTheOptionNamed() {
        assertRejected(Generator.builder(), "no receiver endpoint");
        assertRejected(Generator.builder().endpoints("localhost:5555"),
                "'localhost:5555' is not a ZeroMQ endpoint");
        assertRejected(valid().senderThreads(0), "sender threads");
        assertRejected(valid().tuplesPerSecond(-1), "rate");
        assertRejected(valid().tupleCount(5).duration(Duration.ofSeconds(1)), "not both");
        assertRejected(valid().tupleCount(-5), "must not be negative");
        assertRejected(valid().bucketTuples(0), "bucket size");
        assertRejected(valid().bucketSpan(Duration.ofNanos(999)), "bucket span");
        assertRejected(valid().bucketSpan(Duration.ofMillis(1001)), "bucket span");
        assertRejected(valid().payload(Payload.raw(17 << 20)), "raw payload size");
        assertRejected(valid().connectTimeout(Duration.ZERO), "connect timeout");
        assertRejected(valid().spinWindow(Duration.ofMillis(2)), "spin window");
    }

    @Test
    void durationsBeyondWhatTheirUnitsHoldAreRejectedWithTheOptionNamed() {
        Duration centuries = Duration.ofDays(365L * 1000);
        Duration longest = Duration.ofSeconds(Long.MAX_VALUE);
        assertRejected(valid().bucketSpan(centuries), "bucket span of PT8760000H");
        assertRejected(valid().spinWindow(centuries), "spin window");
        assertRejected(valid().spinWindow(centuries.negated()), "spin window");
        assertRejected(valid().duration(centuries), "duration of PT8760000H");
        assertRejected(valid().duration(centuries.negated()), "duration");
        assertRejected(valid().tuplesPerSecond(1e12).duration(Duration.ofDays(365L * 3)),
                "more tuples than 64-bit ids can number");
        // toMillis() itself overflows here
        assertRejected(valid().connectTimeout(longest), "connect timeout must be 1 ms to 24 days");
        assertRejected(valid().markerTimeout(longest.negated()), "marker timeout");
        assertRejected(valid().markerTimeout(Duration.ofNanos(999_999)), "marker timeout");
    }

    private static Generator.Builder valid() {
        return Generator.builder().endpoints("tcp://127.0.0.1:5555");
    }

    private static void assertRejected(Generator.Builder builder, String words) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, builder::build);
        assertTrue(e.getMessage().contains(words), e.getMessage());
    }

    @Test
    void anUnreachableReceiverFailsTheStartWithItsEndpoint() throws Exception {
        String missing;
        try (ServerSocket socket = new ServerSocket(0)) {
            missing = "tcp://127.0.0.1:" + socket.getLocalPort();
        }
        try (Generator generator = valid().endpoints(missing).tupleCount(100)
                .connectTimeout(Duration.ofMillis(300)).build()) {
            CloudProfilerException e =
                    assertThrows(CloudProfilerException.class, generator::start);
            assertTrue(e.getMessage().contains(missing), e.getMessage());
            assertTrue(e.getMessage().contains("start the JOF first"), e.getMessage());
        }
    }

    @Test
    void aRunIsUsedOnceAndClosingAnUnboundedRunStopsItWithMarkers() throws Exception {
        try (JeroMqReceiver receiver = new JeroMqReceiver()) {
            Generator generator = Generator.builder().endpoints(receiver.endpoint())
                    .tuplesPerSecond(50_000).build();
            assertThrows(IllegalStateException.class, generator::awaitEnd);
            assertThrows(IllegalStateException.class,
                    () -> generator.loadBytes(List.of(new byte[1])));
            receiver.readUntilMarkers(1);
            generator.start();
            assertThrows(IllegalStateException.class, generator::start);
            while (generator.emittedTuples() < 5_000) {
                Thread.sleep(5);
            }
            generator.close();
            generator.close();
            assertThrows(IllegalStateException.class, generator::emittedTuples);
            List<ReceivedBucket> buckets = receiver.awaitBuckets();
            ReceivedBucket marker = buckets.get(buckets.size() - 1);
            assertTrue(marker.isMarker());
            assertEquals(buckets.stream().mapToLong(b -> b.ids().size()).sum(),
                    marker.markerTuplesSent());
        }
    }

    @Test
    void closedGeneratorsLeaveNoThreadBehind() throws Exception {
        try (JeroMqReceiver receiver = new JeroMqReceiver()) {
            for (int run = 0; run < 3; run++) {
                receiver.readUntilMarkers(2);
                try (Generator generator = Generator.builder().endpoints(receiver.endpoint())
                        .senderThreads(2).tuplesPerSecond(100_000).tupleCount(1000)
                        .ioThreads(2).build()) {
                    generator.start();
                    assertFalse(generatorThreads().isEmpty());
                    generator.awaitEnd();
                }
                receiver.awaitBuckets();
                assertEquals(List.of(), threadsLeftAfter(Duration.ofSeconds(5)),
                        "threads after run " + run);
            }
        }
    }

    // A joined Java thread has ended for Java before its OS thread has left /proc (the JVM
    // tears it down after waking the joiner): a thread still listed is one that outlives this.
    private static List<String> threadsLeftAfter(Duration wait) throws Exception {
        long deadline = System.nanoTime() + wait.toNanos();
        List<String> threads = generatorThreads();
        while (!threads.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
            threads = generatorThreads();
        }
        return threads;
    }

    // The native library's threads (senders, reporter, ZeroMQ's) and its Java one, by name.
    private static List<String> generatorThreads() throws IOException {
        List<String> names = new ArrayList<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                try {
                    String name = Files.readString(task.resolve("comm")).trim();
                    if (name.startsWith("cp-gen") || name.startsWith("ZMQbg")
                            || name.startsWith("cloudprofiler-g")) {
                        names.add(name);
                    }
                } catch (IOException ended) {
                    // The thread ended while we looked: its entry is gone (NoSuchFileException)
                    // or going, and reading it fails with ESRCH ("No such process").
                }
            }
        }
        return names;
    }
}
