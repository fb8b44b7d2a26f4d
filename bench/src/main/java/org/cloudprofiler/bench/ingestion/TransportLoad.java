package org.cloudprofiler.bench.ingestion;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.jof.DrainingConsumer;
import org.cloudprofiler.generator.jof.JavaObjectFactory;

/**
 * What JofSpout's transport costs the machine, without Storm: the native generator sending raw
 * tuples at a fixed rate into a JOF set up as the JofSpout runs are, drained by a thread that
 * only counts. A ceiling search run beside it shows how much of the ceiling is left once the
 * transport of a given rate has taken its share of the cores. Runs until closed; not
 * thread-safe.
 */
public final class TransportLoad implements AutoCloseable {
    private static final Duration DRAIN_WAIT = Duration.ofSeconds(10);

    private final long tuplesPerSecond;
    private final JavaObjectFactory jof;
    private final DrainingConsumer consumer;
    private final Generator generator;

    private TransportLoad(long tuplesPerSecond, JavaObjectFactory jof, DrainingConsumer consumer,
            Generator generator) {
        this.tuplesPerSecond = tuplesPerSecond;
        this.jof = jof;
        this.consumer = consumer;
        this.generator = generator;
    }

    /** Starts sending {@code tuplesPerSecond}, set up as {@code tuning} sets up JofSpout's runs. */
    public static TransportLoad start(long tuplesPerSecond, JofTuning tuning) {
        String endpoint = "tcp://127.0.0.1:" + FreePorts.block(1);
        JavaObjectFactory jof = JavaObjectFactory.builder().endpoints(List.of(endpoint))
                .payload(Payload.raw())
                .queueCapacity(tuning.queueCapacity()).whenQueueFull(tuning.whenQueueFull())
                .receiveHighWaterMark(tuning.receiveHighWaterMark()).start();
        DrainingConsumer consumer = DrainingConsumer.start(jof.poller());
        Generator generator = null;
        try {
            // Neither a count nor a duration: it sends until finish() stops it.
            generator = tuning.generator(List.of(endpoint), tuplesPerSecond)
                    .payload(Payload.raw(Generator.DEFAULT_RAW_PAYLOAD_BYTES)).build();
            generator.start();
            return new TransportLoad(tuplesPerSecond, jof, consumer, generator);
        } catch (RuntimeException e) {
            if (generator != null) {
                generator.close();
            }
            consumer.close();
            jof.close();
            throw e;
        }
    }

    /**
     * Stops the generator, waits for the JOF to be drained, and says whether the load kept its
     * rate: a load that dropped tuples took less of the machine than it was meant to.
     */
    public String finish() throws InterruptedException {
        generator.stop();
        GeneratorResult result = generator.awaitEnd();
        consumer.awaitFinished(DRAIN_WAIT);
        long dropped = result.droppedTuples() + jof.counters().tuplesDropped();
        return String.format(Locale.ROOT, "transport load at %,d tuples/s: sent %,d, consumed"
                + " %,d, dropped %,d%s", tuplesPerSecond, result.sentTuples(),
                consumer.tuplesConsumed(), dropped,
                dropped > 0 ? " (it fell short: the ceiling beside it had more room)" : "");
    }

    @Override
    public void close() {
        generator.close();
        consumer.close();
        jof.close();
    }
}
