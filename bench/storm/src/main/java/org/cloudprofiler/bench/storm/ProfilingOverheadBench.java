package org.cloudprofiler.bench.storm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.ToDoubleFunction;

import org.apache.storm.LocalCluster;
import org.cloudprofiler.bench.storm.YsbVariantPipeline.Measurement;
import org.cloudprofiler.bench.storm.YsbVariantPipeline.Variant;
import org.cloudprofiler.generator.search.MaxThroughputSearch;
import org.cloudprofiler.generator.search.PassCriteria;
import org.cloudprofiler.generator.search.RunResult;
import org.cloudprofiler.generator.search.SearchResult;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Issue 5's profiling overhead on the YSB topology fed by the generator through JofSpout:
 * every channel {@code BUFFERED_ID}, every channel {@code NULL}, and no instrumentation at all.
 * First at one fixed, sustainable rate, the variants interleaved round by round so that the
 * host's drift falls on each alike: the rate the sink kept and the process's CPU time per
 * million tuples (the extra CPU is the throughput a CPU-bound host loses). Then, unless
 * {@code --no-search}, each variant's highest sustained rate by the max-throughput search. A
 * benchmark: it prints figures and asserts nothing.
 */
@Command(name = "profiling-overhead-bench", mixinStandardHelpOptions = true,
        description = "YSB on Storm: BUFFERED_ID vs NULL vs no instrumentation.")
// LocalCluster.close() may throw InterruptedException; the benchmark ends then anyway.
@SuppressWarnings("try")
public final class ProfilingOverheadBench implements Callable<Integer> {

    @Option(names = "--rate", description = "Tuples per second of the fixed-rate rounds"
            + " (default ${DEFAULT-VALUE}).")
    private long tuplesPerSecond = 100_000;

    @Option(names = "--seconds", description = "Seconds per run (default ${DEFAULT-VALUE}).")
    private int seconds = 10;

    @Option(names = "--rounds", description = "Fixed-rate runs of each variant"
            + " (default ${DEFAULT-VALUE}).")
    private int rounds = 3;

    @Option(names = "--search", split = ",", description = "start,max,resolution tuples/s of"
            + " each variant's search (default: 50000,600000,5000).")
    private long[] search = {50_000, 600_000, 5_000};

    @Option(names = "--no-search", description = "Only the fixed-rate rounds.")
    private boolean noSearch;

    @Option(names = "--max-lag-ms", description = "Largest generator lag and drain that pass"
            + " a search run, ms (default ${DEFAULT-VALUE}).")
    private long maxLagMs = 100;

    @Option(names = "--seed", description = "YSB seed (default ${DEFAULT-VALUE}).")
    private long seed = 1;

    public static void main(String[] args) {
        // Ours, not the log4j2.yaml of Kafka's test kit, which log4j2 would prefer to an xml.
        System.setProperty("log4j2.configurationFile", "storm-bench-log4j2.xml");
        int exitCode = new CommandLine(new ProfilingOverheadBench()).execute(args);
        // Storm's own threads would keep the JVM alive otherwise.
        System.exit(exitCode);
    }

    @Override
    public Integer call() throws Exception {
        Duration run = Duration.ofSeconds(seconds);
        System.out.printf(Locale.ROOT, "YSB on a LocalCluster (1 spout task, 1 task per bolt,"
                + " idle executors park), fed by the generator through JofSpout; %d s runs%n",
                seconds);
        try (LocalCluster cluster = new LocalCluster()) {
            Map<Variant, YsbVariantPipeline> pipelines = new EnumMap<>(Variant.class);
            for (Variant variant : Variant.values()) {
                pipelines.put(variant, new YsbVariantPipeline(cluster, variant, seed));
            }
            // Warms the JIT and the cluster up (the profiled build runs most code); not measured.
            pipelines.get(Variant.BUFFERED_ID).run(tuplesPerSecond, run);
            List<Measurement> fixed = new ArrayList<>();
            List<YsbVariantPipeline> order = new ArrayList<>(pipelines.values());
            for (int round = 1; round <= rounds; round++) {
                // Each round starts with another variant: none always follows the same one.
                Collections.rotate(order, 1);
                for (YsbVariantPipeline pipeline : order) {
                    pipeline.run(tuplesPerSecond, run);
                    Measurement m = last(pipeline);
                    fixed.add(m);
                    RunResult r = m.result();
                    System.out.printf(Locale.ROOT, "round %d %-12s %,d tuples/s: sent %,d,"
                            + " dropped %,d, views %,d, drain %.0f ms, sink kept %,.0f tuples/s,"
                            + " %.3f CPU s per million tuples%n", round, m.variant(),
                            tuplesPerSecond, r.emitted(), r.dropped(), m.views(),
                            r.lagAtEndNs() / 1e6, m.sinkTuplesPerSecond(),
                            m.cpuSecondsPerMillion());
                }
            }
            reportFixed(fixed);
            if (!noSearch) {
                searchEach(pipelines, run);
            }
        }
        return 0;
    }

    private static Measurement last(YsbVariantPipeline pipeline) {
        List<Measurement> all = pipeline.measurements();
        return all.get(all.size() - 1);
    }

    private void reportFixed(List<Measurement> fixed) {
        System.out.printf(Locale.ROOT, "%nfixed rate %,d tuples/s, medians of %d runs: the"
                + " throughput the sink kept and the CPU time, each against NONE%n",
                tuplesPerSecond, rounds);
        double noneThroughput = median(fixed, Variant.NONE, Measurement::sinkTuplesPerSecond);
        double noneCpu = median(fixed, Variant.NONE, Measurement::cpuSecondsPerMillion);
        for (Variant variant : Variant.values()) {
            double throughput = median(fixed, variant, Measurement::sinkTuplesPerSecond);
            double cpu = median(fixed, variant, Measurement::cpuSecondsPerMillion);
            System.out.printf(Locale.ROOT, "  %-12s %,10.0f tuples/s (loss %+.2f%%)   %7.3f CPU s"
                    + " per million tuples (%+.1f%%)%n", variant, throughput,
                    100 * (1 - throughput / noneThroughput), cpu, 100 * (cpu / noneCpu - 1));
        }
        long dropped = fixed.stream().mapToLong(m -> m.result().dropped()).sum();
        long views = fixed.stream().mapToLong(Measurement::views).distinct().count();
        System.out.printf(Locale.ROOT, "  dropped in all rounds: %,d; every run's sink counted"
                + " the same views: %s%n", dropped, views == 1 ? "yes" : "NO");
    }

    private void searchEach(Map<Variant, YsbVariantPipeline> pipelines, Duration run)
            throws Exception {
        PassCriteria criteria = new PassCriteria(PassCriteria.DEFAULT.rateTolerance(),
                Duration.ofMillis(maxLagMs));
        Map<Variant, Long> sustained = new EnumMap<>(Variant.class);
        for (YsbVariantPipeline pipeline : pipelines.values()) {
            System.out.printf(Locale.ROOT, "%nsearch %s%n", pipeline.variant());
            SearchResult result = new MaxThroughputSearch(pipeline, criteria, run, search[0],
                    search[1], search[2], step -> System.out.printf(Locale.ROOT,
                            "  %,9d tuples/s %s %s%n", step.result().targetTuplesPerSecond(),
                            step.passed() ? "pass" : "FAIL", String.join("; ",
                                    step.failures()))).search();
            sustained.put(pipeline.variant(), result.maxSustainedTuplesPerSecond());
        }
        System.out.printf(Locale.ROOT, "%nhighest sustained rate, and the loss against NONE%n");
        for (Variant variant : Variant.values()) {
            double loss = 1 - (double) sustained.get(variant) / sustained.get(Variant.NONE);
            System.out.printf(Locale.ROOT, "  %-12s %,9d tuples/s   %s%n", variant,
                    sustained.get(variant), variant == Variant.NONE ? ""
                            : String.format(Locale.ROOT, "%.1f%%", 100 * loss));
        }
    }

    private static double median(List<Measurement> runs, Variant variant,
            ToDoubleFunction<Measurement> figure) {
        double[] sorted = runs.stream().filter(m -> m.variant() == variant).mapToDouble(figure)
                .sorted().toArray();
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
