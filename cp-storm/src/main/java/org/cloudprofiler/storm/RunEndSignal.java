package org.cloudprofiler.storm;

import java.io.Serializable;
import java.time.Duration;

import org.apache.storm.spout.ISpout;

/**
 * Decides when a profiled spout's run has ended, so that it sends the poison pill. Asked after
 * every {@code nextTuple} on the spout task's executor thread; each task has its own
 * (deserialized) copy, so implementations may keep state without locking. Deactivating the
 * topology ends the run too, whatever the signal says.
 */
public interface RunEndSignal extends Serializable {

    /**
     * Whether the run has ended.
     *
     * @param spout the user's spout
     * @param emittedTuples tuples this task has emitted so far
     */
    boolean hasEnded(ISpout spout, long emittedTuples);

    /** Ends the run when the spout, a {@link FiniteSpout}, is exhausted; never for others. */
    static RunEndSignal whenExhausted() {
        return new WhenExhausted();
    }

    /** Never ends the run; deactivating the topology (killing it) still does. */
    static RunEndSignal never() {
        return new Never();
    }

    /** Ends the run once the task has emitted {@code tuples} tuples. */
    static RunEndSignal afterEmitted(long tuples) {
        return new AfterEmitted(tuples);
    }

    /**
     * Ends the run once the task has emitted at least one tuple and then none for
     * {@code idle}: for unbounded sources such as Kafka topics that stop filling.
     */
    static RunEndSignal afterIdle(Duration idle) {
        return new AfterIdle(idle.toNanos());
    }

    /** See {@link #whenExhausted()}. */
    record WhenExhausted() implements RunEndSignal {
        @Override
        public boolean hasEnded(ISpout spout, long emittedTuples) {
            return spout instanceof FiniteSpout finite && finite.isExhausted();
        }
    }

    /** See {@link #never()}. */
    record Never() implements RunEndSignal {
        @Override
        public boolean hasEnded(ISpout spout, long emittedTuples) {
            return false;
        }
    }

    /** See {@link #afterEmitted(long)}. */
    record AfterEmitted(long tuples) implements RunEndSignal {
        @Override
        public boolean hasEnded(ISpout spout, long emittedTuples) {
            return emittedTuples >= tuples;
        }
    }

    /** See {@link #afterIdle(Duration)}; keeps the task's last progress, so one per task. */
    final class AfterIdle implements RunEndSignal {
        private static final long serialVersionUID = 1L;

        private final long idleNs;
        private long lastEmitted;
        private long lastProgressNs;

        AfterIdle(long idleNs) {
            this.idleNs = idleNs;
        }

        @Override
        public boolean hasEnded(ISpout spout, long emittedTuples) {
            long nowNs = System.nanoTime();
            if (emittedTuples != lastEmitted || lastProgressNs == 0) {
                lastEmitted = emittedTuples;
                lastProgressNs = nowNs;
                return false;
            }
            return emittedTuples > 0 && nowNs - lastProgressNs >= idleNs;
        }
    }
}
