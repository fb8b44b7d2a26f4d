package org.cloudprofiler.bench.overhead;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

import com.sun.management.OperatingSystemMXBean;
import org.cloudprofiler.bench.ingestion.ScheduleLag;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.search.IngestionPipeline;
import org.cloudprofiler.generator.search.RunResult;

/**
 * The YSB job in one of its variants (profiled or not, and how), fed by the generator through
 * a JOF-fed source, a fresh job per run; the engine's subclass submits the job and removes it.
 * A run is measured so: the ingested tuples are what the source's JOFs handed over, from their
 * drops.json (a run without one ingested nothing; nothing is lost after the source); its lag
 * at the end is the larger of the generator's and the drain, the time the sink still changed
 * after the schedule's end, so a backlog in the engine's queues fails the run; the CPU time is
 * the whole process's from the generator's start to the sink's settling. Not thread-safe.
 */
public abstract class VariantPipeline implements IngestionPipeline {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(60);
    private static final long SETTLED_AFTER_NS = 1_000_000_000L;
    private static final OperatingSystemMXBean OS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private final String variant;
    private final long seed;
    private final Map<String, String> campaigns;
    private final JofCountFiles jofCounts;
    private VariantRun lastRun;
    private int runs;

    /**
     * @param variant the variant's name, e.g. {@code BUFFERED_ID}
     * @param source the JOF-fed source's component id (Storm) or operator name (Flink)
     */
    protected VariantPipeline(String variant, long seed, String source) {
        this.variant = variant;
        this.seed = seed;
        this.campaigns = Generator.ysbAdCampaigns(seed);
        this.jofCounts = new JofCountFiles(source);
    }

    /** The variant's name, e.g. {@code NONE}. */
    public final String variant() {
        return variant;
    }

    /** The figures of the last run. */
    public final VariantRun lastRun() {
        return lastRun;
    }

    /** The YSB join table of the generator's seed: every ad's campaign. */
    protected final Map<String, String> campaigns() {
        return campaigns;
    }

    /**
     * A name for the next run's job, unique in this pipeline, e.g. {@code ysb-buffered-id-3};
     * removes the drops.json of earlier runs, which this one must not count.
     */
    protected final String nextRun() throws IOException {
        jofCounts.delete();
        return "ysb-" + variant.toLowerCase(Locale.ROOT).replace('_', '-') + "-" + ++runs;
    }

    /**
     * Runs the generator into {@code endpoints}, which the submitted job's source binds, and
     * waits until the sink has settled.
     *
     * @param views what the job's sink has counted so far; read from this thread
     */
    protected final RunResult measure(List<String> endpoints, long targetTuplesPerSecond,
            Duration duration, LongSupplier views) throws Exception {
        GeneratorResult result;
        long cpuStartNs;
        long startNs;
        long scheduleEndNs;
        try (Generator generator = Generator.builder().payload(Payload.ysb()).seed(seed)
                .endpoints(endpoints).tuplesPerSecond(targetTuplesPerSecond)
                .duration(duration).connectTimeout(CONNECT_TIMEOUT).build()) {
            generator.start();
            // start() returns once the receivers answered: the job is up.
            cpuStartNs = OS.getProcessCpuTime();
            startNs = System.nanoTime();
            result = generator.awaitEnd();
            scheduleEndNs = startNs + result.elapsedNs();
        }
        SettledSink sink = awaitSettled(views);
        long cpuNs = OS.getProcessCpuTime() - cpuStartNs;
        long drainNs = Math.max(0, sink.lastChangeNs() - scheduleEndNs);
        JofCountFiles.Counts counts = jofCounts.read();
        ScheduleLag lag = ScheduleLag.ofGenerator(result.seconds());
        RunResult run = new RunResult(targetTuplesPerSecond, result.achievedTuplesPerSecond(),
                result.sentTuples(), result.droppedTuples() + counts.dropped(),
                counts.handedOver(), lag.p99Ns(), lag.maxNs(), Math.max(lag.atEndNs(), drainNs));
        lastRun = new VariantRun(variant, run, sink.views(),
                result.sentTuples() * 1e9 / Math.max(1, sink.lastChangeNs() - startNs),
                cpuNs / 1e9 / (result.sentTuples() / 1e6));
        return run;
    }

    /** The sink's count once it has not changed for a second, and when it last changed. */
    private record SettledSink(long views, long lastChangeNs) {}

    private static SettledSink awaitSettled(LongSupplier views) throws InterruptedException {
        long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
        long last = -1;
        long lastChangeNs = System.nanoTime();
        while (System.nanoTime() < deadline) {
            long now = views.getAsLong();
            if (now != last) {
                last = now;
                lastChangeNs = System.nanoTime();
            } else if (System.nanoTime() - lastChangeNs > SETTLED_AFTER_NS) {
                break;
            }
            Thread.sleep(1);
        }
        return new SettledSink(last, lastChangeNs);
    }
}
