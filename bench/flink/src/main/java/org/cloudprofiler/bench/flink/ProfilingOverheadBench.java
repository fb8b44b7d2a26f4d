package org.cloudprofiler.bench.flink;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.cloudprofiler.bench.flink.YsbVariantPipeline.Variant;
import org.cloudprofiler.bench.ingestion.IngestionReport;
import org.cloudprofiler.bench.overhead.OverheadOptions;
import org.cloudprofiler.bench.overhead.OverheadRounds;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The profiling overhead on the YSB DataStream job fed by the generator through JofSource: no
 * instrumentation at all, every channel {@code OFF}, every channel {@code NULL}, the default
 * handlers traced and sampled 1/64 and 1/1024, traced with a sync session's mid phases beside
 * it ({@link org.cloudprofiler.bench.overhead.SyncBeside}), every channel {@code BUFFERED_ID},
 * and,
 * unprofiled, Flink's own latency markers every 10 ms and every millisecond, at a fixed rate and
 * by each variant's search, as {@link OverheadRounds} runs them. A benchmark: it prints figures
 * and asserts nothing.
 */
@Command(name = "flink-profiling-overhead-bench", mixinStandardHelpOptions = true,
        description = "YSB on Flink: no instrumentation vs OFF, NULL, the default handlers"
                + " traced and sampled, BUFFERED_ID, and Flink's latency markers.")
// Closing the MiniCluster may be interrupted: the benchmark ends then anyway.
@SuppressWarnings("try")
public final class ProfilingOverheadBench implements Callable<Integer> {

    // A passing run may drain for 250 ms, not Storm's 100: when the generator's end-of-run
    // marker comes in one fetch with the run's last buckets, JofSource closes the receiver (up
    // to its 100 ms receive timeout) before it hands those buckets on.
    @Mixin
    private OverheadOptions options = new OverheadOptions(100_000, 250, 100_000, 3_200_000, 25_000);

    @Option(names = "--buffer-timeout-ms", description = "How long a partly filled network"
            + " buffer waits before it is sent, ms (default ${DEFAULT-VALUE}; Flink's is 100):"
            + " the drain of every run waits up to this long.")
    private long bufferTimeoutMs = 5;

    @Option(names = "--variants", split = ",", description = "The variants to run, of"
            + " ${COMPLETION-CANDIDATES}; the first is the baseline, and the warm-up is"
            + " BUFFERED_ID if it is among them (default: all, NONE first).")
    private List<Variant> variants = List.of(Variant.values());

    @Option(names = "--profiled-handlers", description = "cloudprofiler.handlers of the"
            + " BUFFERED_ID variant (default ${DEFAULT-VALUE}); e.g. '**/in=BUFFERED_ID,"
            + " **/out=BUFFERED_ID, **=NULL' to find which channels cost what.")
    private String profiledHandlers = Variant.BUFFERED_ID.settings.get("cloudprofiler.handlers");

    public static void main(String[] args) {
        int exitCode = new CommandLine(new ProfilingOverheadBench())
                .setCaseInsensitiveEnumValuesAllowed(true).execute(args);
        // Flink's own threads would keep the JVM alive otherwise.
        System.exit(exitCode);
    }

    @Override
    public Integer call() throws Exception {
        System.out.printf(Locale.ROOT, "YSB on a MiniCluster (parallelism 1, Flink's chaining),"
                + " fed by the generator through JofSource; %d s runs; buffer timeout %d ms;"
                + " BUFFERED_ID is %s; load average at start: %s%n",
                options.runDuration().toSeconds(), bufferTimeoutMs, profiledHandlers,
                IngestionReport.loadAverage());
        try (SharedMiniCluster cluster = SharedMiniCluster.start(bufferTimeoutMs)) {
            List<YsbVariantPipeline> pipelines = new ArrayList<>();
            for (Variant variant : variants) {
                Map<String, String> settings = new HashMap<>(variant.settings);
                if (variant == Variant.BUFFERED_ID) {
                    settings.put("cloudprofiler.handlers", profiledHandlers);
                }
                pipelines.add(new YsbVariantPipeline(cluster, variant, settings,
                        options.seed()));
            }
            // The profiled job runs most code: it warms the JIT up best.
            int warmUp = Math.max(0, variants.indexOf(Variant.BUFFERED_ID));
            new OverheadRounds(options, pipelines).run(pipelines.get(warmUp));
        }
        System.out.println("load average at the end: " + IngestionReport.loadAverage());
        return 0;
    }
}
