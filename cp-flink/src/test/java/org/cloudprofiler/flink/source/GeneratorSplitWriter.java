package org.cloudprofiler.flink.source;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.flink.connector.testframe.external.ExternalSystemSplitDataWriter;
import org.cloudprofiler.generator.Generator;

/**
 * "Writes" tuple ids to one JOF receiver: runs the native generator with those ids towards it.
 * A receiver keeps nothing before a reader binds it, so each write runs on a thread of its own,
 * whose generator waits for the receiver; the test framework writes before it submits the job.
 * Its records must be consecutive ids, as {@link JofExternalContext} makes them.
 */
final class GeneratorSplitWriter implements ExternalSystemSplitDataWriter<Long> {
    private final String endpoint;
    private final List<Thread> runs = new ArrayList<>();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    GeneratorSplitWriter(String endpoint) {
        this.endpoint = endpoint;
    }

    @Override
    public void writeRecords(List<Long> ids) {
        for (int i = 1; i < ids.size(); i++) {
            if (ids.get(i) != ids.get(0) + i) {
                throw new IllegalArgumentException("the generator sends consecutive ids only");
            }
        }
        Thread run = new Thread(() -> send(ids.get(0), ids.size()),
                "generator-split-writer-" + endpoint);
        run.setDaemon(true);
        runs.add(run);
        run.start();
    }

    private void send(long firstId, int count) {
        try (Generator generator = Generator.builder().endpoints(endpoint).idBase(firstId)
                .tupleCount(count).tuplesPerSecond(100_000).bucketTuples(10)
                .connectTimeout(Duration.ofSeconds(120)).markerTimeout(Duration.ofSeconds(5))
                .build()) {
            generator.start();
            generator.awaitEnd();
        } catch (Throwable e) {
            failure.compareAndSet(null, e);
        }
    }

    /** Waits for the runs; fails with the first run's failure, if any. */
    @Override
    public void close() throws Exception {
        for (Thread run : runs) {
            run.join();
        }
        Throwable first = failure.get();
        if (first != null) {
            throw new IllegalStateException("a generator run to " + endpoint + " failed", first);
        }
    }
}
