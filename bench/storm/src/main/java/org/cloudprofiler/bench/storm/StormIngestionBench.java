package org.cloudprofiler.bench.storm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import org.apache.storm.kafka.spout.KafkaSpoutConfig;
import org.cloudprofiler.bench.ingestion.IngestionReport;
import org.cloudprofiler.bench.ingestion.JofTuning;
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
 * Issue 5's Storm ingestion figures in one run: the highest rate each source sustains into a
 * null bolt on one LocalCluster (KafkaSpout from an in-process broker, JofSpout fed by the
 * native generator, and the ceiling, a spout of preallocated tuples), found by the
 * max-throughput search under the same pass criteria, and JofSpout's ratios to the other two.
 * A benchmark: it prints figures and asserts nothing; docs/benchmarks.md has the current ones.
 */
@Command(name = "storm-ingestion-bench", mixinStandardHelpOptions = true,
        description = "Max sustainable Storm ingestion: KafkaSpout, JofSpout, ceiling.")
// Closing waits for Storm or Kafka and may be interrupted: the benchmark ends then anyway.
@SuppressWarnings("try")
public final class StormIngestionBench implements Callable<Integer> {
    /** The sources, in the order they are searched. */
    enum Source { KAFKA, JOF, CEILING }

    // The size of the generator's raw tuples, used for the other sources' values too.
    private static final int VALUE_BYTES = 100;

    @Option(names = "--only", split = ",", description = "Sources to search, of kafka, jof,"
            + " ceiling (default: all three).", converter = SourceConverter.class)
    private Set<Source> only = EnumSet.allOf(Source.class);

    @Option(names = "--duration-s", description = "Seconds per run (default: ${DEFAULT-VALUE}).")
    private int durationSeconds = 10;

    @Option(names = "--max-lag-ms", description = "Largest schedule lag (p99, and in the last"
            + " second) and drain time that pass, ms (default: ${DEFAULT-VALUE}).")
    private long maxLagMs = 50;

    @Option(names = "--kafka", split = ",", description = "start,max,resolution tuples/s of"
            + " the KafkaSpout search (default: 50000,4000000,5000).")
    private long[] kafkaSearch = {50_000, 4_000_000, 5_000};

    @Option(names = "--jof", split = ",", description = "start,max,resolution tuples/s of the"
            + " JofSpout searches (default: 500000,16000000,25000).")
    private long[] jofSearch = {500_000, 16_000_000, 25_000};

    @Option(names = "--ceiling", split = ",", description = "start,max,resolution tuples/s of"
            + " the ceiling search (default: 500000,16000000,25000).")
    private long[] ceilingSearch = {500_000, 16_000_000, 25_000};

    @Option(names = "--jof-payloads", split = ",", description = "JofSpout payloads to search,"
            + " of RAW, YSB (default: ${DEFAULT-VALUE}).")
    private List<JofPipeline.PayloadKind> jofPayloads = List.of(JofPipeline.PayloadKind.RAW);

    @Option(names = "--spout-tasks", description = "Spout tasks (and Kafka partitions)"
            + " (default: ${DEFAULT-VALUE}).")
    private int spoutTasks = 1;

    @Option(names = "--bolt-tasks", description = "Null bolt tasks (default: ${DEFAULT-VALUE}).")
    private int boltTasks = 1;

    @Option(names = "--workers", description = "Workers (default: ${DEFAULT-VALUE}).")
    private int workers = 1;

    @Option(names = "--storm-batch-size", description = "Storm's topology.producer.batch.size"
            + " and topology.transfer.batch.size (default: ${DEFAULT-VALUE}, Storm's own).")
    private int stormBatchSize = 1;

    @Option(names = "--jof-receivers", description = "JOF receivers per spout task"
            + " (default: ${DEFAULT-VALUE}).")
    private int jofReceivers = 1;

    @Option(names = "--jof-queue-capacity", description = "Buckets per JOF receiver queue"
            + " (default: ${DEFAULT-VALUE}).")
    private int jofQueueCapacity = JavaObjectFactory.DEFAULT_QUEUE_CAPACITY;

    @Option(names = "--jof-when-queue-full", description = "What a JOF receiver does with a"
            + " bucket its full queue cannot take: ${COMPLETION-CANDIDATES} (default:"
            + " ${DEFAULT-VALUE}).")
    private FullQueuePolicy jofWhenQueueFull = FullQueuePolicy.WAIT;

    @Option(names = "--jof-receive-hwm", description = "Buckets ZeroMQ holds in front of each"
            + " JOF receiver (default: ${DEFAULT-VALUE}: under WAIT a backlog then waits in the"
            + " generator, outside the heap).")
    private int jofReceiveHighWaterMark = 16;

    @Option(names = "--jof-buckets-per-call", description = "Buckets one JofSpout nextTuple"
            + " emits at most (default: ${DEFAULT-VALUE}).")
    private int jofBucketsPerCall = 1;

    @Option(names = "--bucket-tuples", description = "Tuples per generator bucket"
            + " (default: ${DEFAULT-VALUE}).")
    private int bucketTuples = 4000;

    @Option(names = "--bucket-span-us", description = "How much of the generator's schedule one"
            + " bucket may hold at most, µs (default: ${DEFAULT-VALUE}, twice the generator's:"
            + " buckets fill to --bucket-tuples from 2 M tuples/s).")
    private int bucketSpanUs = 2 * (int) (Generator.DEFAULT_BUCKET_SPAN.toNanos() / 1000);

    @Option(names = "--generator-senders", description = "Generator sender threads"
            + " (default: ${DEFAULT-VALUE}).")
    private int generatorSenders = 1;

    @Option(names = "--generator-spin-us", description = "How long before each bucket's due"
            + " time a generator sender spins, µs (default: ${DEFAULT-VALUE}: the generator"
            + " shares the 2 cores with Storm and sleeps straight to its due times).")
    private int generatorSpinUs = 0;

    @Option(names = "--ceiling-tuples-per-call", description = "Tuples one ceiling nextTuple"
            + " emits at most (default: ${DEFAULT-VALUE}).")
    private int ceilingTuplesPerCall = 1000;

    @Option(names = "--kafka-max-poll-records", description = "The KafkaSpout consumer's"
            + " max.poll.records (default: ${DEFAULT-VALUE}, Kafka's own default).")
    private int kafkaMaxPollRecords = 500;

    @Option(names = "--kafka-guarantees", split = ",", description = "KafkaSpout processing"
            + " guarantees to search, each a source of its own (default: ${DEFAULT-VALUE}:"
            + " KafkaSpout as it comes, then without message ids like the other spouts).")
    private List<KafkaSpoutConfig.ProcessingGuarantee> kafkaGuarantees = List.of(
            KafkaSpoutConfig.ProcessingGuarantee.AT_LEAST_ONCE,
            KafkaSpoutConfig.ProcessingGuarantee.NO_GUARANTEE);

    @Option(names = "--warm-up-s", description = "Seconds of the warm-up run that starts each"
            + " source's search, at half its start rate; 0 for none (default: ${DEFAULT-VALUE}).")
    private int warmUpSeconds = 20;

    @Option(names = "--quiet-wait-s", description = "Before each run, wait up to this long"
            + " for the hypervisor to stop taking this machine's CPU (at most 1% stolen in 5 s"
            + " with the bench idle); 0 starts every run at once (default: ${DEFAULT-VALUE}).")
    private int quietWaitSeconds = 300;

    @Option(names = "--ceiling-beside-transport", description = "Also search the ceiling while"
            + " the generator and a JOF (set up as for JofSpout) carry this many tuples/s beside"
            + " it with no Storm behind them: how much of the ceiling their cost leaves"
            + " (default: 0, not searched).")
    private long ceilingBesideTransport = 0;

    @Option(names = "--fresh-ceiling", description = "Also search the ceiling of a spout that"
            + " makes each tuple as it emits it (a new Values, offset and value array; no"
            + " transport): what any spout that reads its records pays Storm for fresh tuples.")
    private boolean freshCeiling;

    @Option(names = "--json", description = "Also write every step and the answers here.")
    private Path json;

    public static void main(String[] args) {
        // Ours, not the log4j2.yaml of Kafka's test kit, which log4j2 would prefer to an xml.
        System.setProperty("log4j2.configurationFile", "storm-bench-log4j2.xml");
        int exitCode = new CommandLine(new StormIngestionBench())
                .setCaseInsensitiveEnumValuesAllowed(true).execute(args);
        // Storm's and Kafka's own threads would keep the JVM alive otherwise.
        System.exit(exitCode);
    }

    @Override
    public Integer call() throws Exception {
        Duration duration = Duration.ofSeconds(durationSeconds);
        PassCriteria criteria = new PassCriteria(0.005, Duration.ofMillis(maxLagMs));
        // Long enough to tell a slow drain from a stuck one, short enough not to idle long.
        RunRules rules = new RunRules(Duration.ofMillis(Math.max(2000, 4 * maxLagMs)),
                Duration.ofSeconds(quietWaitSeconds));
        // Issue 5: JofSpout at least 5× KafkaSpout and 70% of the ceiling.
        IngestionReport report = new IngestionReport(System.out,
                new IngestionReport.Targets(5, "ceiling", 0.70));
        System.out.printf("Storm ingestion benchmark, %s; %d s runs; pass: nothing dropped,"
                + " ingested = emitted, achieved ≥ 99.5%% of target, lag p99, lag at end and"
                + " drain ≤ %d ms; %s%n", OffsetDateTime.now().withNano(0), durationSeconds,
                maxLagMs, shape());
        System.out.println("load average at start: " + loadAverage());

        List<SourceOutcome> outcomes = new ArrayList<>();
        Duration warmUp = Duration.ofSeconds(warmUpSeconds);
        // The broker outlives the cluster: a KafkaSpout worker still shutting down when its
        // broker went away once halted the whole JVM (Storm's exitProcess).
        try (InProcessKafka kafka = only.contains(Source.KAFKA) ? InProcessKafka.start() : null;
                SharedLocalCluster cluster = SharedLocalCluster.start(shape())) {
            if (kafka != null) {
                for (KafkaSpoutConfig.ProcessingGuarantee guarantee : kafkaGuarantees) {
                    try (KafkaPipeline pipeline = new KafkaPipeline(cluster, rules, kafka,
                            kafkaMaxPollRecords, guarantee, VALUE_BYTES)) {
                        outcomes.add(search(pipeline, criteria, warmUp, duration, kafkaSearch,
                                report));
                    }
                }
            }
            JofTuning tuning = jofTuning();
            if (only.contains(Source.JOF)) {
                for (JofPipeline.PayloadKind payload : jofPayloads) {
                    try (JofPipeline pipeline = new JofPipeline(cluster, rules, payload,
                            tuning)) {
                        outcomes.add(search(pipeline, criteria, warmUp, duration, jofSearch,
                                report));
                    }
                }
            }
            if (only.contains(Source.CEILING)) {
                try (CeilingPipeline pipeline = new CeilingPipeline("ceiling", cluster,
                        rules, ceilingTuplesPerCall, VALUE_BYTES, false)) {
                    outcomes.add(search(pipeline, criteria, warmUp, duration, ceilingSearch,
                            report));
                }
            }
            if (freshCeiling) {
                try (CeilingPipeline pipeline = new CeilingPipeline("ceiling-fresh",
                        cluster, rules, ceilingTuplesPerCall, VALUE_BYTES, true)) {
                    outcomes.add(search(pipeline, criteria, warmUp, duration, ceilingSearch,
                            report));
                }
            }
            if (ceilingBesideTransport > 0) {
                try (TransportLoad load = TransportLoad.start(ceilingBesideTransport, tuning);
                        CeilingPipeline pipeline = new CeilingPipeline(
                                "ceiling-beside-transport", cluster, rules,
                                ceilingTuplesPerCall, VALUE_BYTES, false)) {
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

    private static SourceOutcome search(StormIngestionPipeline pipeline, PassCriteria criteria,
            Duration warmUp, Duration duration, long[] range, IngestionReport report)
            throws Exception {
        if (range.length != 3) {
            throw new CommandLine.ParameterException(new CommandLine(StormIngestionBench.class),
                    "a search range is start,max,resolution in tuples/s");
        }
        // The first topology of a source runs its code cold: the warm-up run (at half the start
        // rate) warms the JIT and the heap's sizing up and is shown but not part of the search.
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

    private TopologyShape shape() {
        return new TopologyShape(spoutTasks, boltTasks, workers, stormBatchSize);
    }

    private JofTuning jofTuning() {
        return new JofTuning(jofReceivers, jofQueueCapacity, jofWhenQueueFull,
                jofReceiveHighWaterMark, jofBucketsPerCall, bucketTuples, bucketSpanUs,
                generatorSenders, generatorSpinUs);
    }

    private Map<String, Object> settings() {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("date", OffsetDateTime.now().withNano(0).toString());
        settings.put("durationSeconds", durationSeconds);
        settings.put("maxLagMs", maxLagMs);
        settings.put("rateTolerance", 0.005);
        settings.put("shape", shape());
        settings.put("jofTuning", jofTuning());
        settings.put("ceilingTuplesPerCall", ceilingTuplesPerCall);
        settings.put("ceilingBesideTransportTuplesPerSecond", ceilingBesideTransport);
        settings.put("freshCeiling", freshCeiling);
        settings.put("kafkaMaxPollRecords", kafkaMaxPollRecords);
        settings.put("kafkaGuarantees", kafkaGuarantees);
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

    /** Reads source names in any case. */
    static final class SourceConverter implements CommandLine.ITypeConverter<Source> {
        @Override
        public Source convert(String value) {
            return Source.valueOf(value.strip().toUpperCase(java.util.Locale.ROOT));
        }
    }
}
