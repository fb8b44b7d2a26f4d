package org.cloudprofiler.bench.flink;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.cloudprofiler.bench.flink.YsbVariantPipeline.Variant;
import org.cloudprofiler.bench.ingestion.IngestionReport;
import org.cloudprofiler.examples.flink.clicks.Click;
import org.cloudprofiler.examples.flink.clicks.ClickGenerator;
import org.cloudprofiler.examples.flink.clicks.ClickWindowsJob;
import org.cloudprofiler.flink.profile.CloudProfilerFlink;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The profiling overhead on a job written as a Flink user writes it (examples-flink's {@link
 * ClickWindowsJob}: a DataGeneratorSource, a map, watermarks, a keyed event-time window fired by
 * them, a map, a sink) rather than the YSB: its rate with the source unthrottled, each variant
 * of {@link Variant} in turn, round after round, on a local MiniCluster of parallelism 1 per run.
 * The source is not throttled (a rate limiter of Guava's at an unbounded rate throttles to
 * tens of thousands a second). The rate is the clicks over the job's net runtime (from running to finished, Flink's start-up
 * aside); a variant's figure is its median over the rounds, next to the uninstrumented job's. A
 * benchmark: it prints figures and asserts nothing.
 */
@Command(name = "click-windows-overhead-bench", mixinStandardHelpOptions = true,
        description = "A DataGen windowed job: its unthrottled rate unprofiled, and profiled"
                + " OFF, NULL, traced and sampled.")
public final class ClickWindowsOverheadBench implements Callable<Integer> {

    @Option(names = "--clicks", description = "Clicks per run (default ${DEFAULT-VALUE}).")
    private long clicks = 3_000_000;

    @Option(names = "--rounds", description = "Rounds, each running every variant once"
            + " (default ${DEFAULT-VALUE}).")
    private int rounds = 3;

    @Option(names = "--variants", split = ",", description = "The variants, of NONE, OFF,"
            + " NULL, TRACED, SAMPLED_64, SAMPLED_1024, BUFFERED_ID; the first is the baseline"
            + " (default: ${DEFAULT-VALUE}).")
    private List<Variant> variants = List.of(Variant.NONE, Variant.OFF, Variant.NULL,
            Variant.TRACED, Variant.SAMPLED_64, Variant.SAMPLED_1024);

    public static void main(String[] args) {
        int exitCode = new CommandLine(new ClickWindowsOverheadBench())
                .setCaseInsensitiveEnumValuesAllowed(true).execute(args);
        // Flink's own threads would keep the JVM alive otherwise.
        System.exit(exitCode);
    }

    @Override
    public Integer call() throws Exception {
        if (clicks < 1 || rounds < 1 || variants.isEmpty()
                || variants.stream().anyMatch(variant -> variant.midPhases
                        || variant.settings.containsKey("metrics.latency.interval"))) {
            System.err.println("click-windows-overhead-bench: --clicks and --rounds must be"
                    + " positive, and --variants profiling variants without a sync session");
            return 2;
        }
        System.out.printf(Locale.ROOT, "ClickWindowsJob, %,d clicks unthrottled per run,"
                + " parallelism 1, %d rounds; load average at start: %s%n", clicks, rounds,
                IngestionReport.loadAverage());
        run(variants.get(0)); // warm-up: the JIT, and Flink's first MiniCluster
        Map<Variant, double[]> rates = new LinkedHashMap<>();
        variants.forEach(variant -> rates.put(variant, new double[rounds]));
        for (int round = 0; round < rounds; round++) {
            for (Variant variant : variants) {
                double rate = run(variant);
                rates.get(variant)[round] = rate;
                System.out.printf(Locale.ROOT, "round %d %-12s %,.0f clicks/s%n", round + 1,
                        variant, rate);
            }
        }
        double baseline = median(rates.get(variants.get(0)));
        List<String> summary = new ArrayList<>();
        rates.forEach((variant, values) -> summary.add(String.format(Locale.ROOT,
                "%s %,.0f clicks/s (%.3fx)", variant, median(values),
                median(values) / baseline)));
        System.out.println("medians: " + String.join("; ", summary));
        System.out.println("load average at the end: " + IngestionReport.loadAverage());
        return 0;
    }

    /** One run of the job in {@code variant}: clicks per second of its net runtime. */
    private double run(Variant variant) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1,
                Configuration.fromMap(variant.settings));
        ClickWindowsJob.addTo(env, new DataGeneratorSource<>(new ClickGenerator(1), clicks,
                RateLimiterStrategy.noOp(), TypeInformation.of(Click.class)),
                new DiscardingSink<>());
        JobExecutionResult result = CloudProfilerFlink.profile(env)
                .execute("click-windows-" + variant.name().toLowerCase(Locale.ROOT));
        return clicks * 1_000.0 / Math.max(1, result.getNetRuntime());
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
