package org.cloudprofiler.bench.ingestion;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.jof.FullQueuePolicy;
import org.cloudprofiler.generator.jof.JavaObjectFactory;
import org.cloudprofiler.generator.search.PassCriteria;
import picocli.CommandLine.Option;

/**
 * The options every engine's ingestion benchmark shares (a picocli mixin): how runs are judged,
 * warmed up and started, how the JOF source's transport is set up, and where the JSON goes.
 */
public final class IngestionBenchOptions {
    /** The share of the target rate a run may fall short by and pass. */
    public static final double RATE_TOLERANCE = 0.005;

    @Option(names = "--duration-s", description = "Seconds per run (default: ${DEFAULT-VALUE}).")
    private int durationSeconds = 10;

    @Option(names = "--max-lag-ms", description = "Largest schedule lag (p99, and in the last"
            + " second) and drain time that pass, ms (default: ${DEFAULT-VALUE}).")
    private long maxLagMs = 50;

    @Option(names = "--jof-receivers", description = "JOF receivers per source task"
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

    @Option(names = "--warm-up-s", description = "Seconds of the warm-up run that starts each"
            + " source's search, at half its start rate; 0 for none (default: ${DEFAULT-VALUE}).")
    private int warmUpSeconds = 20;

    @Option(names = "--quiet-wait-s", description = "Before each run, wait up to this long"
            + " for the hypervisor to stop taking this machine's CPU (at most 1%% stolen in 5 s"
            + " with the bench idle); 0 starts every run at once (default: ${DEFAULT-VALUE}).")
    private int quietWaitSeconds = 300;

    @Option(names = "--json", description = "Also write every step and the answers here.")
    private Path json;

    public Duration duration() {
        return Duration.ofSeconds(durationSeconds);
    }

    public Duration warmUp() {
        return Duration.ofSeconds(warmUpSeconds);
    }

    public PassCriteria criteria() {
        return new PassCriteria(RATE_TOLERANCE, Duration.ofMillis(maxLagMs));
    }

    public RunRules rules() {
        // Long enough to tell a slow drain from a stuck one, short enough not to idle long.
        return new RunRules(Duration.ofMillis(Math.max(2000, 4 * maxLagMs)),
                Duration.ofSeconds(quietWaitSeconds));
    }

    public long maxLagMs() {
        return maxLagMs;
    }

    /** Where the JSON goes; null for nowhere. */
    public Path json() {
        return json;
    }

    /**
     * The JOF source's tuning from these options and the engine's own two.
     *
     * @param maxBucketsPerPoll buckets one call of the engine's source may emit
     * @param generatorSpinUs how long before each due time a generator sender spins, µs
     */
    public JofTuning jofTuning(int maxBucketsPerPoll, int generatorSpinUs) {
        return new JofTuning(jofReceivers, jofQueueCapacity, jofWhenQueueFull,
                jofReceiveHighWaterMark, maxBucketsPerPoll, bucketTuples, bucketSpanUs,
                generatorSenders, generatorSpinUs);
    }

    /** Adds these options' settings to a JSON document's {@code settings}. */
    public void putSettings(Map<String, Object> settings) {
        settings.put("durationSeconds", durationSeconds);
        settings.put("maxLagMs", maxLagMs);
        settings.put("rateTolerance", RATE_TOLERANCE);
        settings.put("warmUpSeconds", warmUpSeconds);
        settings.put("quietWaitSeconds", quietWaitSeconds);
    }
}
