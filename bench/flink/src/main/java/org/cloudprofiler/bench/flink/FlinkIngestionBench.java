package org.cloudprofiler.bench.flink;

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
    enum Source { JOF, CEILING, CEILING_BESIDE_TRANSPORT, KAFKA }

    // The size of the generator's raw tuples, used for the other sources' values too.
    private static final int VALUE_BYTES = Generator.DEFAULT_RAW_PAYLOAD_BYTES;
    // Issue 22: JofSource at least 5× KafkaSource and 90% of the ceiling beside the transport.
    private static final IngestionReport.Targets TARGETS =
            new IngestionReport.Targets(5, "ceiling-beside-transport", 0.90);

    @Option(names = "--only", split = ",", description = "Sources to search, of jof, ceiling,"
            + " ceiling-beside-transport, kafka (default: all four).",
            converter = SourceConverter.class)
    private Set<Source> only = EnumSet.allOf(Source.class);

    @Mixin
    private IngestionBenchOptions options;

    @Option(names = "--kafka", split = ",", description = "start,max,resolution records/s of"
            + " the KafkaSource search (default: 50000,4000000,5000).")
    private long[] kafkaSearch = {50_000, 4_000_000, 5_000};

    @Option(names = "--jof", split = ",", description = "start,max,resolution tuples/s of the"
            + " JofSource search (default: 500000,16000000,25000).")
    private long[] jofSearch = {500_000, 16_000_000, 25_000};

    @Option(names = "--ceiling", split = ",", description = "start,max,resolution records/s of"
            + " both ceiling searches (default: 500000,16000000,25000).")
    private long[] ceilingSearch = {500_000, 16_000_000, 25_000};

    @Option(names = "--buffer-timeout-ms", description = "How long a partly filled network"
            + " buffer waits before it is sent, ms (default: ${DEFAULT-VALUE}, Flink's own):"
            + " the last records of an unbounded source's run wait up to this long.")
    private long bufferTimeoutMs = 100;

    @Option(names = "--transport-load", description = "Tuples/s the generator and a JOF carry"
            + " beside the second ceiling search (default: JofSource's maximum of this run).")
    private long transportLoad;

    public static void main(String[] args) {
        int exitCode = new CommandLine(new FlinkIngestionBench())
                .setCaseInsensitiveEnumValuesAllowed(true).execute(args);
        // Flink's and Kafka's own threads would keep the JVM alive otherwise.
        System.exit(exitCode);
    }

    @Override
    public Integer call() throws Exception {
        Duration duration = options.duration();
        PassCriteria criteria = options.criteria();
        RunRules rules = options.rules();
        IngestionReport report = new IngestionReport(System.out, TARGETS);
        System.out.printf("Flink ingestion benchmark, %s; %d s runs; pass: nothing dropped,"
                + " ingested = emitted, achieved ≥ 99.5%% of target, lag p99, lag at end and"
                + " drain ≤ %d ms; source and sink parallelism 1, not chained%n",
                OffsetDateTime.now().withNano(0), duration.toSeconds(), options.maxLagMs());
        System.out.println("load average at start: " + IngestionReport.loadAverage());

        List<SourceOutcome> outcomes = new ArrayList<>();
        Duration warmUp = options.warmUp();
        JofTuning tuning = jofTuning();
        // KafkaSource comes last, its broker started only for it: the broker's threads are part
        // of its pipeline alone, not of the other sources'.
        try (SharedMiniCluster cluster = SharedMiniCluster.start(bufferTimeoutMs)) {
            if (only.contains(Source.JOF)) {
                try (JofPipeline pipeline = new JofPipeline(cluster, rules, tuning)) {
                    SourceOutcome jof = pipeline.search(criteria, warmUp, duration, jofSearch,
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
                    outcomes.add(pipeline.search(criteria, warmUp, duration, ceilingSearch,
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
                    outcomes.add(pipeline.search(criteria, warmUp, duration, ceilingSearch,
                            report));
                    System.out.println(load.finish());
                }
            }
            if (only.contains(Source.KAFKA)) {
                // Every job is gone before the broker closes: a run's close waits for its end.
                try (InProcessKafka kafka = InProcessKafka.start();
                        KafkaPipeline pipeline = new KafkaPipeline(cluster, rules, kafka,
                                VALUE_BYTES)) {
                    outcomes.add(pipeline.search(criteria, warmUp, duration, kafkaSearch,
                            report));
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

    private JofTuning jofTuning() {
        // JofSource's reader has no buckets-per-poll setting; the generator shares the cores
        // with Flink and sleeps straight to its due times, as in the Storm bench.
        return options.jofTuning(1, 0);
    }

    private Map<String, Object> settings() {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("date", OffsetDateTime.now().withNano(0).toString());
        options.putSettings(settings);
        settings.put("sourceParallelism", 1);
        settings.put("sinkParallelism", 1);
        settings.put("jofTuning", jofTuning());
        settings.put("transportLoadTuplesPerSecond", transportLoad);
        settings.put("bufferTimeoutMs", bufferTimeoutMs);
        settings.put("loadAverage", IngestionReport.loadAverage());
        return settings;
    }

    /** Reads source names in any case, with - or _ between words. */
    static final class SourceConverter implements CommandLine.ITypeConverter<Source> {
        @Override
        public Source convert(String value) {
            return Source.valueOf(value.strip().replace('-', '_').toUpperCase(Locale.ROOT));
        }
    }
}
