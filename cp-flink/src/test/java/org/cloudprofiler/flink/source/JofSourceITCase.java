package org.cloudprofiler.flink.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.Collector;
import org.apache.flink.util.ExceptionUtils;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.drops.DropsFile;
import org.cloudprofiler.drops.DropsSource;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.jof.JofBindException;
import org.cloudprofiler.generator.ysb.AdEvent;
import org.cloudprofiler.testing.PortBlocks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The native generator → a bounded JofSource on a MiniCluster of parallelism 2 → collect: every
 * tuple the generator sent arrives once, under its generator id, the job ends by itself once the
 * end-of-run markers are through, also with a reader that got no receiver, and each reader that
 * had receivers leaves its counts in its metrics and drops.json; an unbounded job cancelled, or
 * failed by an operator, leaves no receiver thread running and its ports free; a port in use fails
 * the job with the JOF's message naming the fix; the receivers read the payload they are given.
 */
@Timeout(180) // A guard against a hang only: nothing here is timed.
class JofSourceITCase {
    private static final int PARALLELISM = 2;
    private static final long TUPLES = 50_000;

    private static final InMemoryReporter METRICS = InMemoryReporter.createWithRetainedMetrics();

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1)
                    .setNumberSlotsPerTaskManager(PARALLELISM)
                    .setConfiguration(METRICS.addToConfiguration(new Configuration())).build());

    @Test
    void everyGeneratedTupleArrivesOnceAndTheBoundedJobEndsByItself() throws Exception {
        // Three receivers on two readers: one reader drains two, interleaved; two senders each.
        JofSource<Long> source = JofSource.<Long>builder().setBasePort(PortBlocks.free(3))
                .setReceivers(3).setDeserializer(new TupleIds()).setBounded().build();

        Outcome outcome = run(source, "jof-three-receivers", 2, Payload.raw());

        assertTrue(outcome.generator().clean(), outcome.generator().problems().toString());
        assertEachIdOnce(outcome.ids());
        List<DropsSource> drops = drops("jof-three-receivers");
        assertEquals(PARALLELISM, drops.size(), drops::toString);
        assertEquals(TUPLES, drops.stream()
                .mapToLong(d -> d.counts().get("tuplesHandedOver")).sum(), drops::toString);
        drops.forEach(d -> assertEquals(0, d.dropped(), d::toString));
        assertEquals(TUPLES, sumOf(outcome.job(), "numRecordsIn"));
        assertEquals(TUPLES, sumOf(outcome.job(), "cloudprofiler.jof.tuplesReceived"));
        assertEquals(TUPLES, sumOf(outcome.job(), "cloudprofiler.jof.tuplesHandedOver"));
        assertEquals(0, sumOf(outcome.job(), "cloudprofiler.jof.tuplesDropped"));
        assertEquals(0, sumOf(outcome.job(), "cloudprofiler.jof.sendersDroppedTuples"));
    }

    @Test
    void aReaderWithoutAReceiverStillFinishes() throws Exception {
        JofSource<Long> source = JofSource.<Long>builder().setBasePort(PortBlocks.free(1))
                .setReceivers(1).setDeserializer(new TupleIds()).setBounded().build();

        Outcome outcome = run(source, "jof-one-receiver", 1, Payload.raw());

        assertTrue(outcome.generator().clean(), outcome.generator().problems().toString());
        assertEachIdOnce(outcome.ids());
        // Only the reader that had the receiver has counts to leave.
        assertEquals(1, drops("jof-one-receiver").size());
    }

    @Test
    void theReceiversReadThePayloadTheyAreGiven() throws Exception {
        JofSource<Long> source = JofSource.<Long>builder().setBasePort(PortBlocks.free(2))
                .setReceivers(2).setPayload(Payload.ysb()).setDeserializer(new AdEventIds())
                .setBounded().build();

        Outcome outcome = run(source, "jof-ysb", 1, Payload.ysb());

        assertTrue(outcome.generator().clean(), outcome.generator().problems().toString());
        assertEachIdOnce(outcome.ids());
    }

    @Test
    void aCancelledUnboundedJobLeavesNoReceiverRunning() throws Exception {
        assertEndsWithItsReceiversClosed("jof-cancelled", events -> events, true,
                JobStatus.CANCELED);
    }

    @Test
    void aFailedJobLeavesNoReceiverRunning() throws Exception {
        assertEndsWithItsReceiversClosed("jof-failed", events -> events.filter(id -> {
            throw new IllegalStateException("an operator that fails on its first record");
        }), false, JobStatus.FAILED);
    }

    /**
     * Runs an unbounded JofSource through {@code pipeline} into a discarding sink while the
     * generator sends, cancels the job if asked, and checks how it ended and that its receivers
     * are closed.
     */
    private static void assertEndsWithItsReceiversClosed(String name,
            UnaryOperator<DataStream<Long>> pipeline, boolean cancel, JobStatus expected)
            throws Exception {
        JofSource<Long> source = JofSource.<Long>builder().setBasePort(PortBlocks.free(2))
                .setReceivers(2).setDeserializer(new TupleIds()).build();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(PARALLELISM);
        pipeline.apply(env.fromSource(source, WatermarkStrategy.noWatermarks(), name))
                .sinkTo(new DiscardingSink<>());
        JobClient job = env.executeAsync(name);
        try (Generator generator = Generator.builder().endpoints(source.endpoints())
                .tuplesPerSecond(10_000).connectTimeout(Duration.ofSeconds(60))
                .markerTimeout(Duration.ofSeconds(1)).build()) {
            // Once started, every receiver is bound: the generator waited for their answers.
            generator.start();
            if (cancel) {
                job.cancel().get();
            }
            assertEquals(expected, awaitEnd(job));
            generator.stop();
        }
        assertReceiversClosed(source);
    }

    @Test
    void aReceiverPortInUseFailsTheJobNamingTheFix() throws Exception {
        int port = PortBlocks.free(1);
        JofSource<Long> source = JofSource.<Long>builder().setBasePort(port).setReceivers(1)
                .setDeserializer(new TupleIds()).setBounded().build();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "jof-port-taken")
                .sinkTo(new DiscardingSink<>());

        try (ServerSocket taken = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            Exception failure = assertThrows(Exception.class, () -> env.execute("jof-port-taken"));
            JofBindException bind = ExceptionUtils.findThrowable(failure, JofBindException.class)
                    .orElseThrow(() -> failure);
            assertTrue(bind.getMessage().contains("give the JOF and the generator another base"
                    + " port"), bind.getMessage());
        }
    }

    /** Waits for {@code job}'s terminal status; the class's timeout guards against a hang. */
    private static JobStatus awaitEnd(JobClient job) throws Exception {
        JobStatus status = job.getJobStatus().get();
        while (!status.isGloballyTerminalState()) {
            Thread.sleep(50);
            status = job.getJobStatus().get();
        }
        return status;
    }

    /** No JOF receiver thread is alive, and every receiver's port can be bound again. */
    private static void assertReceiversClosed(JofSource<?> source) throws IOException {
        List<String> receivers = Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive).map(Thread::getName)
                .filter(name -> name.startsWith("cloudprofiler-jof-receiver-")).toList();
        assertEquals(List.of(), receivers, "JOF receiver threads still running");
        for (String endpoint : source.endpoints()) {
            int port = Integer.parseInt(endpoint.substring(endpoint.lastIndexOf(':') + 1));
            new ServerSocket(port, 1, InetAddress.getLoopbackAddress()).close();
        }
    }

    /** Emits the tuple id of each record whose value is a YSB event, and nothing for others. */
    static final class AdEventIds implements JofRecordDeserializationSchema<Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public void deserialize(JofRecord record, Collector<Long> out) {
            if (record.value() instanceof AdEvent) {
                out.collect(record.tupleId());
            }
        }

        @Override
        public TypeInformation<Long> getProducedType() {
            return Types.LONG;
        }
    }

    /** What a run collected, and what the generator says it sent. */
    private record Outcome(JobID job, List<Long> ids, GeneratorResult generator) {}

    /**
     * The sum over the subtasks of the source of {@code job} of their metric {@code name}, a
     * counter or a gauge of a number.
     */
    private static long sumOf(JobID job, String name) {
        long sum = 0;
        for (Map.Entry<MetricGroup, Map<String, Metric>> group
                : METRICS.getMetricsByGroup().entrySet()) {
            Map<String, String> variables = group.getKey().getAllVariables();
            if (!job.toString().equals(variables.get("<job_id>"))
                    || !variables.getOrDefault("<operator_name>", "").startsWith("Source: ")) {
                continue;
            }
            for (Map.Entry<String, Metric> metric : group.getValue().entrySet()) {
                if (group.getKey().getMetricIdentifier(metric.getKey()).endsWith("." + name)) {
                    sum += metric.getValue() instanceof Counter counter ? counter.getCount()
                            : ((Number) ((Gauge<?>) metric.getValue()).getValue()).longValue();
                }
            }
        }
        return sum;
    }

    /** Runs {@code source} into a collecting sink while the generator sends it TUPLES. */
    private static Outcome run(JofSource<Long> source, String name, int senders,
            Payload payload)
            throws Exception {
        deleteEarlierRun(name);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(PARALLELISM);
        List<Long> ids = new ArrayList<>();
        GeneratorResult result;
        CloseableIterator<Long> collecting = env
                .fromSource(source, WatermarkStrategy.noWatermarks(), name).collectAsync();
        JobClient job = env.executeAsync(name);
        try (CloseableIterator<Long> collected = collecting;
                Generator generator = Generator.builder().endpoints(source.endpoints())
                        .senderThreads(senders).payload(payload).tuplesPerSecond(50_000)
                        .tupleCount(TUPLES)
                        .connectTimeout(Duration.ofSeconds(60)).build()) {
            // The readers bind their receivers as the job starts; the generator waits for them.
            generator.start();
            // Returns once the job has ended: a bounded source must end it by itself.
            collected.forEachRemaining(ids::add);
            result = generator.awaitEnd();
        }
        return new Outcome(job.getJobID(), ids, result);
    }

    private static void assertEachIdOnce(List<Long> ids) {
        Map<Long, Integer> counts = new HashMap<>();
        ids.forEach(id -> counts.merge(id, 1, Integer::sum));
        long missing = LongStream.range(0, TUPLES).filter(id -> !counts.containsKey(id)).count();
        long repeated = counts.values().stream().filter(n -> n > 1).count();
        long strangers = counts.keySet().stream().filter(id -> id < 0 || id >= TUPLES).count();
        assertEquals("0 missing, 0 repeated, 0 unknown",
                missing + " missing, " + repeated + " repeated, " + strangers + " unknown");
    }

    /**
     * The drops.json entries the readers of source {@code name} left in
     * {@code <log dir>/<name>/<subtask>/}, one per reader.
     */
    private static List<DropsSource> drops(String name) throws IOException {
        List<DropsSource> sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(sourceDirectory(name))) {
            for (Path file : files.filter(f -> f.getFileName().toString()
                    .equals(DropsFile.FILE_NAME)).toList()) {
                sources.addAll(DropsFile.read(file));
            }
        }
        return sources;
    }

    private static Path sourceDirectory(String name) {
        return Path.of(CloudProfiler.logDirectory()).resolve(name);
    }

    /** Removes what an earlier run of source {@code name} left in the log directory. */
    private static void deleteEarlierRun(String name) throws IOException {
        if (Files.exists(sourceDirectory(name))) {
            try (Stream<Path> files = Files.walk(sourceDirectory(name))) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
    }
}
