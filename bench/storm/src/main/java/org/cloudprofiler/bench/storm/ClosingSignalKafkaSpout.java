package org.cloudprofiler.bench.storm;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.storm.kafka.spout.KafkaSpout;
import org.apache.storm.kafka.spout.KafkaSpoutConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A plain {@link KafkaSpout} that says when its {@code close} has returned, so that the
 * benchmark deletes a run's topic only after the spout has committed its last offsets: a
 * commit to a deleted topic times out after 60 s, and Storm halts the JVM on it. Its only
 * additions run after KafkaSpout's own {@code close}; one task per run.
 */
final class ClosingSignalKafkaSpout<K, V> extends KafkaSpout<K, V> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ClosingSignalKafkaSpout.class);
    private static final Map<String, CountDownLatch> CLOSED = new ConcurrentHashMap<>();

    private final String runId;

    ClosingSignalKafkaSpout(KafkaSpoutConfig<K, V> config, String runId) {
        super(config);
        this.runId = runId;
        CLOSED.put(runId, new CountDownLatch(1));
    }

    @Override
    public void close() {
        try {
            super.close();
        } catch (IllegalStateException e) {
            // Storm closes a spout whose executor thread is still in nextTuple 100 ms after the
            // interrupt; KafkaSpout's last commit then sees offsets mid-update and throws, and
            // Storm would halt the JVM (it did once, with the CPU stolen). The run was
            // measured before the kill, and its topic is deleted next: the commit is moot.
            LOG.warn("run {}: KafkaSpout's close failed on its last commit, after its run was"
                    + " measured: {}", runId, e.toString());
        } finally {
            CountDownLatch closed = CLOSED.get(runId);
            if (closed != null) {
                closed.countDown();
            }
        }
    }

    /** True once run {@code runId}'s spout has closed, false if it did not within the wait. */
    static boolean awaitClosed(String runId, Duration wait) throws InterruptedException {
        CountDownLatch closed = CLOSED.get(runId);
        boolean done = closed == null || closed.await(wait.toMillis(), TimeUnit.MILLISECONDS);
        if (done) {
            CLOSED.remove(runId);
        }
        return done;
    }
}
