package org.cloudprofiler.generator.search;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;

import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.generator.GeneratorStats;
import org.cloudprofiler.generator.jof.DrainingConsumer;
import org.cloudprofiler.generator.jof.JavaObjectFactory;
import org.cloudprofiler.generator.jof.JofCounters;

/**
 * Generator → JOF → an in-process draining consumer, started afresh for every run: the
 * reference pipeline of the throughput search, before an engine is plugged in. Each run binds
 * the JOF's receivers, starts the generator against them, and waits for every end-of-run
 * marker to reach the consumer.
 */
public final class GeneratorJofPipeline implements IngestionPipeline {
    private final Supplier<JavaObjectFactory.Builder> jof;
    private final Supplier<Generator.Builder> generator;
    private final Duration drainTimeout;

    /**
     * @param jof a configured JOF (receivers and payload handling) for each run
     * @param generator a configured generator (senders, payload, bucket size) for each run; rate,
     *     duration and endpoints are set per run
     * @param drainTimeout how long the consumer may take after the generator's end
     */
    public GeneratorJofPipeline(Supplier<JavaObjectFactory.Builder> jof,
            Supplier<Generator.Builder> generator, Duration drainTimeout) {
        this.jof = jof;
        this.generator = generator;
        this.drainTimeout = drainTimeout;
    }

    @Override
    public RunResult run(long targetTuplesPerSecond, Duration duration) throws Exception {
        try (JavaObjectFactory factory = jof.get().start();
                DrainingConsumer consumer = DrainingConsumer.start(factory.poller())) {
            List<GeneratorStats> seconds = new ArrayList<>();
            GeneratorResult result;
            try (Generator run = generator.get().endpoints(factory.endpoints())
                    .tuplesPerSecond(targetTuplesPerSecond).duration(duration)
                    .onSecond(seconds::add).build()) {
                run.start();
                result = run.awaitEnd();
            }
            // A consumer that does not finish in time shows as ingested < emitted.
            consumer.awaitFinished(drainTimeout);
            JofCounters counters = factory.counters();
            long dropped = result.droppedTuples() + counters.tuplesDropped()
                    + counters.tuplesRejected();
            List<GeneratorStats> full = seconds.stream().filter(s -> !s.last()).toList();
            long lagP99 = full.stream().mapToLong(GeneratorStats::lagP99Ns).max().orElse(0);
            long lagMax = full.stream().mapToLong(GeneratorStats::lagMaxNs).max().orElse(0);
            long lagAtEnd = full.stream().max(Comparator.comparingLong(GeneratorStats::second))
                    .map(GeneratorStats::lagP99Ns).orElse(0L);
            return new RunResult(targetTuplesPerSecond, result.achievedTuplesPerSecond(),
                    result.sentTuples(), dropped, consumer.tuplesConsumed(), lagP99, lagMax,
                    lagAtEnd);
        }
    }
}
