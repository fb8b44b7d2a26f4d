package org.cloudprofiler.bench.flink;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import org.cloudprofiler.bench.ingestion.IngestionReport;
import org.cloudprofiler.bench.ingestion.JofTuning;
import org.cloudprofiler.bench.ingestion.MeasuredIngestionPipeline;
import org.cloudprofiler.bench.ingestion.MeasuredRun;
import org.cloudprofiler.bench.ingestion.RunRules;
import org.cloudprofiler.bench.ingestion.SourceOutcome;
import org.cloudprofiler.bench.ingestion.TransportLoad;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.jof.FullQueuePolicy;
import org.cloudprofiler.generator.jof.JavaObjectFactory;
import org.cloudprofiler.generator.search.MaxThroughputSearch;
import org.cloudprofiler.generator.search.PassCriteria;
import org.cloudprofiler.generator.search.SearchResult;
import org.cloudprofiler.storm.testing.InProcessKafka;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Issue 22's Flink ingestion figures in one run: the highest rate each source sustains into a
 * discarding sink on one MiniCluster (KafkaSource from an in-process broker, JofSource fed by
 * the native generator, and the ceiling, a source of preallocated records, alone and beside the
 * transport load of JofSource's maximum), found by the max-throughput search under the same
 * pass criteria, and JofSource's ratios to KafkaSource and to the ceiling beside the transport.
 * A benchmark: it prints figures and asserts nothing; docs/benchmarks.md has the current ones.
 */
@Command(name = "flink-ingestion-bench", mixinStandardHelpOptions = true,
        description = "Max sustainable Flink ingestion: KafkaSource, JofSource, ceiling.")
// Closing waits for Flink or Kafka and may be interrupted: the benchmark ends then anyway.
@SuppressWarnings("try")
public final class FlinkIngestionBench implements Callable<Integer> {
    /** The sources, in the order they are searched. */
    enum Source { KAFKA, JOF, CEILING, CEILING_BESIDE_TRANSPORT }

    // The size of the generator's raw tuples, used for the other sources' values too.
    private static final int VALUE_BYTES = Generator.DEFAULT_RAW_PAYLOAD_BYTES;
    // Issue 22: JofSource at least 5× KafkaSource and 90% of the ceiling beside the transport.
    private static final IngestionReport.Targets TARGETS =
            new IngestionReport.Targets(5, "ceiling-beside-transport", 0.90);

    @Option(names = "--only", split = ",", description = "Sources to search, of kafka, jof,"
            + " ceiling, ceiling-beside-transport (default: all four).",
            converter = SourceConverter.class)
    private Set<Source> only = EnumSet.allOf(Source.class);

    @Option(names = "--duration-s", description = "Seconds per run (default: ${DEFAULT-VALUE}).")
    private int durationSeconds = 10;

    @Option(names = "--max-lag-ms", description = "Largest schedule lag (p99, and in the last"
            + " second) and drain time that pass, ms (default: ${DEFAULT-VALUE}).")
    private long maxLagMs = 50;

    @Option(names = "--kafka", split = ",", description = "start,max,resolution records/s of"
            + " the KafkaSource search (default: 50000,4000000,5000).")
    private long[] kafkaSearch = {50_000, 4_000_000, 5_000};

    @Option(names = "--jof", split = ",", description = "start,max,resolution tuples/s of the"
            + " JofSource search (default: 500000,16000000,25000).")
    private long[] jofSearch = {500_000, 16_000_000, 25_000};

    @Option(names = "--ceiling", split = ",", description = "start,max,resolution records/s of"
            + " both ceiling searches (default: 500000,16000000,25000).")
    private long[] ceilingSearch = {500_000, 16_000_000, 25_000};

    @Option(names = "--transport-load", description = "Tuples/s the generator and a JOF carry"
            + " beside the second ceiling search (default: JofSource's maximum of this run).")
    private long transportLoad;

    @Option(names = "--jof-receivers", description = "JOF receivers, i.e. splits, of the one"
            + " reader (default: ${DEFAULT-VALUE}).")
    private int jofReceivers = 1;

    @Option(names = "--jof-queue-capacity", description = "Buckets per JOF receiver queue"
            + " (default: ${DEFAULT-VALUE}).")
    private int jofQueueCapacity = JavaObjectFactory.DEFAULT_QUEUE_CAPACITY;

    @Option(names = "--jof-when-queue-full", description = "What a JOF receiver does with a"
            + " bucket its full queue cannot take: ${COMPLETION-CANDIDATES} (default:"
            + " ${DEFAULT-VALUE}).")
    private FullQueuePolicy jofWhenQueueFull = FullQueuePolicy.WAIT;

    @Option(names = "--jof-receive-hwm", description = "Buckets ZeroMQ holds in front of each"
            + " JOF receiver (default: ${DEFAULT-VALUE}, as the Storm bench).")
    private int jofReceiveHighWaterMark = 16;

    @Option(names = "--bucket-tuples", description = "Tuples per generator bucket"
            + " (default: ${DEFAULT-VALUE}).")
    private int bucketTuples = 4000;

    @Option(names = "--bucket-span-us", description = "How much of the generator's schedule one"
            + " bucket may hold at most, µs (default: ${DEFAULT-VALUE}, as the Storm bench).")
    private int bucketSpanUs = 2 * (int) (Generator.DEFAULT_BUCKET_SPAN.toNanos() / 1000);

    @Option(names = "--generator-senders", description = "Generator sender threads"
            + " (default: ${DEFAULT-VALUE}).")
    private int generatorSenders = 1;

    @Option(names = "--warm-up-s", description = "Seconds of the warm-up run that starts each"
            + " source's search, at half its start rate; 0 for none (default: ${DEFAULT-VALUE}).")
    private int warmUpSeconds = 20;

    @Option(names = "--quiet-wait-s", description = "Before each run, wait up to this long"
            + " for the hypervisor to stop taking this machine's CPU (at most 1% stolen in 5 s"
            + " with the bench idle); 0 starts every run at once (default: ${DEFAULT-VALUE}).")
    private int quietWaitSeconds = 300;

    @Option(names = "--json", description = "Also write every step and the answers here.")
    private Path json;

    public static void main(String[] args) {
        int exitCode = new CommandLine(new FlinkIngestionBench())
                .setCaseInsensitiveEnumValuesAllowed(true).execute(args);
        // Flink's and Kafka's own threads would keep the JVM alive otherwise.
        System.exit(exitCode);
    }

    @Override
    public Integer call() throws Exception {
        Duration duration = Duration.ofSeconds(durationSeconds);
        PassCriteria criteria = new PassCriteria(0.005, Duration.ofMillis(maxLagMs));
        // Long enough to tell a slow drain from a stuck one, short enough not to idle long.
        RunRules rules = new RunRules(Duration.ofMillis(Math.max(2000, 4 * maxLagMs)),
                Duration.ofSeconds(quietWaitSeconds));
        IngestionReport report = new IngestionReport(System.out, TARGETS);
        System.out.printf("Flink ingestion benchmark, %s; %d s runs; pass: nothing dropped,"
                + " ingested = emitted, achieved ≥ 99.5%% of target, lag p99, lag at end and"
                + " drain ≤ %d ms; source and sink parallelism 1, not chained%n",
                OffsetDateTime.now().withNano(0), durationSeconds, maxLagMs);
        System.out.println("load average at start: " + loadAverage());

        List<SourceOutcome> outcomes = new ArrayList<>();
        Duration warmUp = Duration.ofSeconds(warmUpSeconds);
        JofTuning tuning = jofTuning();
        try (InProcessKafka kafka = only.contains(Source.KAFKA) ? InProcessKafka.start() : null;
                SharedMiniCluster cluster = SharedMiniCluster.start()) {
            if (kafka != null) {
                try (KafkaPipeline pipeline = new KafkaPipeline(cluster, rules, kafka,
                        VALUE_BYTES)) {
                    outcomes.add(search(pipeline, criteria, warmUp, duration, kafkaSearch,
                            report));
                }
            }
            if (only.contains(Source.JOF)) {
                try (JofPipeline pipeline = new JofPipeline(cluster, rules, tuning)) {
                    SourceOutcome jof = search(pipeline, criteria, warmUp, duration, jofSearch,
                            report);
                    outcomes.add(jof);
                    if (transportLoad == 0) {
                        transportLoad = jof.search().maxSustainedTuplesPerSecond();
                    }
                }
            }
            if (only.contains(Source.CEILING)) {
                try (CeilingPipeline pipeline = new CeilingPipeline("ceiling", cluster, rules,
                        VALUE_BYTES)) {
                    outcomes.add(search(pipeline, criteria, warmUp, duration, ceilingSearch,
                            report));
                }
            }
            if (only.contains(Source.CEILING_BESIDE_TRANSPORT)) {
                if (transportLoad <= 0) {
                    throw new CommandLine.ParameterException(
                            new CommandLine(FlinkIngestionBench.class), "the ceiling beside the"
                            + " transport needs --transport-load when JofSource is not searched");
                }
                try (TransportLoad load = TransportLoad.start(transportLoad, tuning);
                        CeilingPipeline pipeline = new CeilingPipeline(
                                "ceiling-beside-transport", cluster, rules, VALUE_BYTES)) {
                    outcomes.add(search(pipeline, criteria, warmUp, duration, ceilingSearch,
                            report));
                    System.out.println(load.finish());
                }
            }
        }
        report.table(outcomes);
        System.out.println("load average at the end: " + loadAverage());
        if (json != null) {
            report.writeJson(json, settings(), outcomes);
        }
        return 0;
    }

    private static SourceOutcome search(MeasuredIngestionPipeline pipeline,
            PassCriteria criteria, Duration warmUp, Duration duration, long[] range,
            IngestionReport report) throws Exception {
        if (range.length != 3) {
            throw new CommandLine.ParameterException(new CommandLine(FlinkIngestionBench.class),
                    "a search range is start,max,resolution in tuples/s");
        }
        // The first job of a source runs its code cold: the warm-up run (at half the start
        // rate) warms the JIT up and is shown but not part of the search.
        List<MeasuredRun> runs = new ArrayList<>();
        SearchResult result = new MaxThroughputSearch(pipeline, criteria, duration, range[0],
                range[1], range[2], step -> {
                    if (!step.isWarmUp()) {
                        runs.add(pipeline.lastRun());
                    }
                    report.step(pipeline.name(), step, pipeline.lastRun(),
                            Thread.activeCount());
                }).warmUpFirst(warmUp).search();
        return new SourceOutcome(pipeline.name(), result, runs);
    }

    private JofTuning jofTuning() {
        // One bucket per call and no spinning: JofSpout's settings that have no JofSource
        // counterpart keep the Storm bench's values.
        return new JofTuning(jofReceivers, jofQueueCapacity, jofWhenQueueFull,
                jofReceiveHighWaterMark, 1, bucketTuples, bucketSpanUs, generatorSenders, 0);
    }

    private Map<String, Object> settings() {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("date", OffsetDateTime.now().withNano(0).toString());
        settings.put("durationSeconds", durationSeconds);
        settings.put("maxLagMs", maxLagMs);
        settings.put("rateTolerance", 0.005);
        settings.put("sourceParallelism", 1);
        settings.put("sinkParallelism", 1);
        settings.put("jofTuning", jofTuning());
        settings.put("transportLoadTuplesPerSecond", transportLoad);
        settings.put("warmUpSeconds", warmUpSeconds);
        settings.put("quietWaitSeconds", quietWaitSeconds);
        settings.put("loadAverage", loadAverage());
        return settings;
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).strip();
        } catch (IOException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    /** Reads source names in any case, with - or _ between words. */
    static final class SourceConverter implements CommandLine.ITypeConverter<Source> {
        @Override
        public Source convert(String value) {
            return Source.valueOf(value.strip().replace('-', '_').toUpperCase(Locale.ROOT));
        }
    }
}
