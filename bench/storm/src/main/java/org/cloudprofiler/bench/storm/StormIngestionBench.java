package org.cloudprofiler.bench.storm;

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
import org.cloudprofiler.bench.ingestion.IngestionBenchOptions;
import org.cloudprofiler.bench.ingestion.IngestionReport;
import org.cloudprofiler.bench.ingestion.JofTuning;
import org.cloudprofiler.bench.ingestion.RunRules;
import org.cloudprofiler.bench.ingestion.SourceOutcome;
import org.cloudprofiler.bench.ingestion.TransportLoad;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.search.PassCriteria;
import org.cloudprofiler.testing.InProcessKafka;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

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
    private static final int VALUE_BYTES = Generator.DEFAULT_RAW_PAYLOAD_BYTES;

    @Option(names = "--only", split = ",", description = "Sources to search, of kafka, jof,"
            + " ceiling (default: all three).", converter = SourceConverter.class)
    private Set<Source> only = EnumSet.allOf(Source.class);

    @Mixin
    private IngestionBenchOptions options;

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

    @Option(names = "--jof-buckets-per-call", description = "Buckets one JofSpout nextTuple"
            + " emits at most (default: ${DEFAULT-VALUE}).")
    private int jofBucketsPerCall = 1;

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

    @Option(names = "--ceiling-beside-transport", description = "Also search the ceiling while"
            + " the generator and a JOF (set up as for JofSpout) carry this many tuples/s beside"
            + " it with no Storm behind them: how much of the ceiling their cost leaves"
            + " (default: 0, not searched).")
    private long ceilingBesideTransport = 0;

    @Option(names = "--fresh-ceiling", description = "Also search the ceiling of a spout that"
            + " makes each tuple as it emits it (a new Values, offset and value array; no"
            + " transport): what any spout that reads its records pays Storm for fresh tuples.")
    private boolean freshCeiling;

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
        Duration duration = options.duration();
        PassCriteria criteria = options.criteria();
        RunRules rules = options.rules();
        // Issue 5: JofSpout at least 5× KafkaSpout and 70% of the ceiling.
        IngestionReport report = new IngestionReport(System.out,
                new IngestionReport.Targets(5, "ceiling", 0.70));
        System.out.printf("Storm ingestion benchmark, %s; %d s runs; pass: nothing dropped,"
                + " ingested = emitted, achieved ≥ 99.5%% of target, lag p99, lag at end and"
                + " drain ≤ %d ms; %s%n", OffsetDateTime.now().withNano(0), duration.toSeconds(),
                options.maxLagMs(), shape());
        System.out.println("load average at start: " + IngestionReport.loadAverage());

        List<SourceOutcome> outcomes = new ArrayList<>();
        Duration warmUp = options.warmUp();
        // The broker outlives the cluster: a KafkaSpout worker still shutting down when its
        // broker went away once halted the whole JVM (Storm's exitProcess).
        try (InProcessKafka kafka = only.contains(Source.KAFKA) ? InProcessKafka.start() : null;
                SharedLocalCluster cluster = SharedLocalCluster.start(shape())) {
            if (kafka != null) {
                for (KafkaSpoutConfig.ProcessingGuarantee guarantee : kafkaGuarantees) {
                    try (KafkaPipeline pipeline = new KafkaPipeline(cluster, rules, kafka,
                            kafkaMaxPollRecords, guarantee, VALUE_BYTES)) {
                        outcomes.add(pipeline.search(criteria, warmUp, duration, kafkaSearch,
                                report));
                    }
                }
            }
            JofTuning tuning = jofTuning();
            if (only.contains(Source.JOF)) {
                for (JofPipeline.PayloadKind payload : jofPayloads) {
                    try (JofPipeline pipeline = new JofPipeline(cluster, rules, payload,
                            tuning)) {
                        outcomes.add(pipeline.search(criteria, warmUp, duration, jofSearch,
                                report));
                    }
                }
            }
            if (only.contains(Source.CEILING)) {
                try (CeilingPipeline pipeline = new CeilingPipeline("ceiling", cluster,
                        rules, ceilingTuplesPerCall, VALUE_BYTES, false)) {
                    outcomes.add(pipeline.search(criteria, warmUp, duration, ceilingSearch,
                            report));
                }
            }
            if (freshCeiling) {
                try (CeilingPipeline pipeline = new CeilingPipeline("ceiling-fresh",
                        cluster, rules, ceilingTuplesPerCall, VALUE_BYTES, true)) {
                    outcomes.add(pipeline.search(criteria, warmUp, duration, ceilingSearch,
                            report));
                }
            }
            if (ceilingBesideTransport > 0) {
                try (TransportLoad load = TransportLoad.start(ceilingBesideTransport, tuning);
                        CeilingPipeline pipeline = new CeilingPipeline(
                                "ceiling-beside-transport", cluster, rules,
                                ceilingTuplesPerCall, VALUE_BYTES, false)) {
                    outcomes.add(pipeline.search(criteria, warmUp, duration, ceilingSearch,
                            report));
                    System.out.println(load.finish());
                }
            }
        }
        report.table(outcomes);
        System.out.println("load average at the end: " + IngestionReport.loadAverage());
        if (options.json() != null) {
            report.writeJson(options.json(), settings(), outcomes);
        }
        return 0;
    }

    private TopologyShape shape() {
        return new TopologyShape(spoutTasks, boltTasks, workers, stormBatchSize);
    }

    private JofTuning jofTuning() {
        return options.jofTuning(jofBucketsPerCall, generatorSpinUs);
    }

    private Map<String, Object> settings() {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("date", OffsetDateTime.now().withNano(0).toString());
        options.putSettings(settings);
        settings.put("shape", shape());
        settings.put("jofTuning", jofTuning());
        settings.put("ceilingTuplesPerCall", ceilingTuplesPerCall);
        settings.put("ceilingBesideTransportTuplesPerSecond", ceilingBesideTransport);
        settings.put("freshCeiling", freshCeiling);
        settings.put("kafkaMaxPollRecords", kafkaMaxPollRecords);
        settings.put("kafkaGuarantees", kafkaGuarantees);
        settings.put("loadAverage", IngestionReport.loadAverage());
        return settings;
    }

    /** Reads source names in any case. */
    static final class SourceConverter implements CommandLine.ITypeConverter<Source> {
        @Override
        public Source convert(String value) {
            return Source.valueOf(value.strip().toUpperCase(java.util.Locale.ROOT));
        }
    }
}
