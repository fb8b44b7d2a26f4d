package org.cloudprofiler.cluster;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Waiting for something that no event announces (a port that opens, a job that ends, a line in
 * a log) by looking again: the one polling loop of the local cluster, its clients and the tests
 * that run on it. {@link #await} looks at once, then every interval until it sees what it
 * waits for or the timeout has passed, and looks once more at the deadline; it blocks the
 * calling thread, which runs the probe.
 */
public final class Polling {
    private Polling() {}

    /**
     * One look at what is awaited: what was seen, and whether it is what is awaited.
     *
     * @param <T> the awaited value's type
     * @param <E> the exception a look may throw, which ends the wait: a failure that waiting
     *     longer would not mend (the awaited process exited); a probe turns a "not yet" failure
     *     (a connection refused) into {@link Observation#notYet(String)}
     */
    @FunctionalInterface
    public interface Probe<T, E extends Exception> {
        Observation<T> look() throws E, InterruptedException;
    }

    /**
     * What one look saw: the awaited value, or a description of what there was instead, for
     * the timeout's message.
     *
     * @param <T> the awaited value's type
     */
    public static final class Observation<T> {
        private final boolean found;
        private final T value;
        private final String instead;

        private Observation(boolean found, T value, String instead) {
            this.found = found;
            this.value = value;
            this.instead = instead;
        }

        /** The awaited value is there. */
        public static <T> Observation<T> found(T value) {
            return new Observation<>(true, value, null);
        }

        /** Not there yet; {@code instead} says what was seen, e.g. the last answer. */
        public static <T> Observation<T> notYet(String instead) {
            return new Observation<>(false, null, Objects.requireNonNull(instead, "instead"));
        }

        /** Not there yet, with nothing more to say. */
        public static <T> Observation<T> notYet() {
            return new Observation<>(false, null, null);
        }

        /** Found if {@code value} is not null. */
        public static <T> Observation<T> ofNullable(T value) {
            return value != null ? found(value) : notYet();
        }
    }

    /**
     * Looks with {@code probe} until it finds the awaited value, and returns it.
     *
     * @param unmet the start of the timeout's message, saying what did not happen, e.g.
     *     {@code "storm-nimbus was not ready"}; " within 120 s" follows, then what the last
     *     look saw instead in parentheses
     * @param timeout how long to look; the first look is made even when it is zero
     * @param interval the pause between two looks; zero where the probe itself waits (a
     *     consumer's poll)
     * @throws TimeoutException if the awaited value was not seen within {@code timeout}
     * @throws E what the probe throws, at once
     * @throws InterruptedException if the thread is interrupted while it waits or looks
     */
    public static <T, E extends Exception> T await(String unmet, Duration timeout,
            Duration interval, Probe<T, E> probe)
            throws E, TimeoutException, InterruptedException {
        long deadlineNs = System.nanoTime() + timeout.toNanos();
        while (true) {
            Observation<T> seen = probe.look();
            if (seen.found) {
                return seen.value;
            }
            long leftNs = deadlineNs - System.nanoTime();
            if (leftNs <= 0) {
                throw new TimeoutException(unmet + " within " + describe(timeout)
                        + (seen.instead == null ? "" : " (" + seen.instead + ")"));
            }
            TimeUnit.NANOSECONDS.sleep(Math.min(interval.toNanos(), leftNs));
        }
    }

    /** "120 s", or "250 ms" for a timeout that is not whole seconds. */
    private static String describe(Duration timeout) {
        return timeout.toMillis() % 1_000 == 0 ? timeout.toSeconds() + " s"
                : timeout.toMillis() + " ms";
    }
}
