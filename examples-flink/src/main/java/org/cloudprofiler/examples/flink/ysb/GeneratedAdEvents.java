package org.cloudprofiler.examples.flink.ysb;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import org.cloudprofiler.flink.source.JofSource;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.ysb.AdEvent;
import org.cloudprofiler.generator.ysb.AdEventPool;
import org.cloudprofiler.generator.ysb.YsbKryo;

/**
 * The generator → JofSource feed of the Flink YSB examples: the generator sends an
 * {@link AdEventPool}'s events as preloaded payloads, so that tuple {@code id} carries event
 * {@code id mod pool.size()} with its event time, and a run's answer is a function of the ids
 * ({@code ExpectedWindows.ofGeneratorTuples}). The built-in YSB payload would stamp the send's
 * wall-clock time instead. Stateless.
 */
public final class GeneratedAdEvents {
    /** How long the generator waits for the readers to bind their receivers. */
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(120);

    private GeneratedAdEvents() {}

    /**
     * A bounded JofSource of the events: {@code receivers} receivers on
     * {@code 127.0.0.1:basePort + r}; it ends when the generator's end-of-run markers are in.
     */
    public static JofSource<AdEvent> source(int basePort, int receivers) {
        return JofSource.<AdEvent>builder().setBasePort(basePort).setReceivers(receivers)
                .setPayload(Payload.kryo(AdEvent.class, YsbKryo::create))
                .setValueOnlyDeserializer(AdEvent.class).setBounded().build();
    }

    /**
     * Sends tuples {@code 0 .. tuples - 1} of {@code pool} to {@code endpoints} at
     * {@code tuplesPerSecond}, on a thread of its own, so that the caller can execute the job
     * meanwhile: the generator waits for the job's readers to bind.
     *
     * @return the generator's result once it ended; completes exceptionally if it could not run
     */
    public static CompletableFuture<GeneratorResult> send(AdEventPool pool, long tuples,
            double tuplesPerSecond, List<String> endpoints) {
        return CompletableFuture.supplyAsync(() -> {
            try (Generator generator = Generator.builder().payload(Payload.preloaded())
                    .endpoints(endpoints).tuplesPerSecond(tuplesPerSecond).tupleCount(tuples)
                    .connectTimeout(CONNECT_TIMEOUT).build()) {
                generator.loadBytes(Arrays.asList(pool.payloads()));
                generator.start();
                return generator.awaitEnd();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CompletionException(e);
            }
        });
    }
}
