package org.cloudprofiler.bench.storm;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.apache.storm.LocalCluster;
import org.cloudprofiler.bench.overhead.OverheadOptions;
import org.cloudprofiler.bench.overhead.OverheadRounds;
import org.cloudprofiler.bench.storm.YsbVariantPipeline.Variant;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * The profiling overhead on the YSB topology fed by the generator through JofSpout: no
 * instrumentation at all, every channel {@code OFF}, every channel {@code NULL}, the default
 * handlers traced and sampled 1/64 and 1/1024, and every channel {@code BUFFERED_ID}, at a fixed
 * rate and by each variant's search, as {@link OverheadRounds} runs them. A benchmark: it
 * prints figures and asserts nothing.
 */
@Command(name = "profiling-overhead-bench", mixinStandardHelpOptions = true,
        description = "YSB on Storm: no instrumentation vs OFF, NULL, the default handlers"
                + " traced and sampled, and BUFFERED_ID.")
// LocalCluster.close() may throw InterruptedException; the benchmark ends then anyway.
@SuppressWarnings("try")
public final class ProfilingOverheadBench implements Callable<Integer> {

    @Mixin
    private OverheadOptions options = new OverheadOptions(100_000, 100, 50_000, 600_000, 5_000);

    public static void main(String[] args) {
        // Ours, not the log4j2.yaml of Kafka's test kit, which log4j2 would prefer to an xml.
        System.setProperty("log4j2.configurationFile", "storm-bench-log4j2.xml");
        int exitCode = new CommandLine(new ProfilingOverheadBench()).execute(args);
        // Storm's own threads would keep the JVM alive otherwise.
        System.exit(exitCode);
    }

    @Override
    public Integer call() throws Exception {
        System.out.printf(Locale.ROOT, "YSB on a LocalCluster (1 spout task, 1 task per bolt,"
                + " idle executors park), fed by the generator through JofSpout; %d s runs%n",
                options.runDuration().toSeconds());
        try (LocalCluster cluster = new LocalCluster()) {
            List<YsbVariantPipeline> pipelines = new ArrayList<>();
            for (Variant variant : Variant.values()) {
                pipelines.add(new YsbVariantPipeline(cluster, variant, options.seed()));
            }
            // The profiled build runs most code: it warms the JIT up best.
            new OverheadRounds(options, pipelines)
                    .run(pipelines.get(Variant.BUFFERED_ID.ordinal()));
        }
        return 0;
    }
}
