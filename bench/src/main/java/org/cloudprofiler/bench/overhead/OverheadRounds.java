package org.cloudprofiler.bench.overhead;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import org.cloudprofiler.generator.search.MaxThroughputSearch;
import org.cloudprofiler.generator.search.RunResult;
import org.cloudprofiler.generator.search.SearchResult;

/**
 * How a profiling overhead benchmark runs its variants of one job and prints their figures.
 * First at one fixed, sustainable rate, the variants interleaved round by round so that the
 * host's drift falls on each alike: the rate the sink kept and the process's CPU time per
 * million tuples (the extra CPU is the throughput a CPU-bound host loses), medians against the
 * baseline's. Then, unless {@code --no-search}, each variant's highest sustained rate by the
 * max-throughput search. Prints to standard output; asserts nothing. Not thread-safe.
 */
public final class OverheadRounds {
    private final OverheadOptions options;
    private final List<VariantPipeline> pipelines;

    /**
     * @param pipelines the variants, the baseline (no instrumentation) first; the order the
     *     report lists them in
     */
    public OverheadRounds(OverheadOptions options, List<? extends VariantPipeline> pipelines) {
        this.options = options;
        this.pipelines = List.copyOf(pipelines);
    }

    /**
     * Runs {@code warmUp} once, unmeasured, to warm the JIT and the engine up, then the rounds
     * and the searches.
     */
    public void run(VariantPipeline warmUp) throws Exception {
        long rate = options.tuplesPerSecond();
        Duration run = options.runDuration();
        warmUp.run(rate, run);
        List<VariantRun> fixed = new ArrayList<>();
        List<VariantPipeline> order = new ArrayList<>(pipelines);
        for (int round = 1; round <= options.rounds(); round++) {
            // Each round starts with another variant: none always follows the same one.
            Collections.rotate(order, 1);
            for (VariantPipeline pipeline : order) {
                pipeline.run(rate, run);
                VariantRun m = pipeline.lastRun();
                fixed.add(m);
                RunResult r = m.result();
                System.out.printf(Locale.ROOT, "round %d %-12s %,d tuples/s: sent %,d,"
                        + " dropped %,d, views %,d, drain %.0f ms, sink kept %,.0f tuples/s,"
                        + " %.3f CPU s per million tuples%n", round, m.variant(), rate,
                        r.emitted(), r.dropped(), m.views(), r.lagAtEndNs() / 1e6,
                        m.sinkTuplesPerSecond(), m.cpuSecondsPerMillion());
            }
        }
        reportFixed(fixed);
        if (options.search()) {
            searchEach();
        }
    }

    private void reportFixed(List<VariantRun> fixed) {
        System.out.printf(Locale.ROOT, "%nfixed rate %,d tuples/s, medians of %d runs: the"
                + " throughput the sink kept and the CPU time, each against %s%n",
                options.tuplesPerSecond(), options.rounds(), baseline());
        double baseThroughput = median(fixed, baseline(), VariantRun::sinkTuplesPerSecond);
        double baseCpu = median(fixed, baseline(), VariantRun::cpuSecondsPerMillion);
        for (VariantPipeline pipeline : pipelines) {
            double throughput = median(fixed, pipeline.variant(),
                    VariantRun::sinkTuplesPerSecond);
            double cpu = median(fixed, pipeline.variant(), VariantRun::cpuSecondsPerMillion);
            System.out.printf(Locale.ROOT, "  %-12s %,10.0f tuples/s (loss %+.2f%%)   %7.3f CPU s"
                    + " per million tuples (%+.1f%%)%n", pipeline.variant(), throughput,
                    100 * (1 - throughput / baseThroughput), cpu, 100 * (cpu / baseCpu - 1));
        }
        long dropped = fixed.stream().mapToLong(m -> m.result().dropped()).sum();
        long views = fixed.stream().mapToLong(VariantRun::views).distinct().count();
        System.out.printf(Locale.ROOT, "  dropped in all rounds: %,d; every run's sink counted"
                + " the same views: %s%n", dropped, views == 1 ? "yes" : "NO");
    }

    private void searchEach() throws Exception {
        long[] range = options.searchRange();
        Map<String, Long> sustained = new LinkedHashMap<>();
        for (VariantPipeline pipeline : pipelines) {
            System.out.printf(Locale.ROOT, "%nsearch %s%n", pipeline.variant());
            SearchResult result = new MaxThroughputSearch(pipeline, options.criteria(),
                    options.runDuration(), range[0], range[1], range[2],
                    step -> System.out.printf(Locale.ROOT, "  %,9d tuples/s %s %s%n",
                            step.result().targetTuplesPerSecond(),
                            step.passed() ? "pass" : "FAIL", String.join("; ",
                                    step.failures()))).search();
            sustained.put(pipeline.variant(), result.maxSustainedTuplesPerSecond());
        }
        System.out.printf(Locale.ROOT, "%nhighest sustained rate, and the loss against %s%n",
                baseline());
        long base = sustained.get(baseline());
        sustained.forEach((variant, rate) -> System.out.printf(Locale.ROOT,
                "  %-12s %,9d tuples/s   %s%n", variant, rate, variant.equals(baseline()) ? ""
                        : String.format(Locale.ROOT, "%.1f%%", 100 * (1 - (double) rate / base))));
    }

    private String baseline() {
        return pipelines.get(0).variant();
    }

    private static double median(List<VariantRun> runs, String variant,
            ToDoubleFunction<VariantRun> figure) {
        double[] sorted = runs.stream().filter(m -> m.variant().equals(variant))
                .mapToDouble(figure).sorted().toArray();
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
