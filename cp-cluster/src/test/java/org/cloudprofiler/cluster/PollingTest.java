package org.cloudprofiler.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import org.cloudprofiler.cluster.Polling.Observation;
import org.junit.jupiter.api.Test;

class PollingTest {
    /** A guard only: the probes under test find their value long before it. */
    private static final Duration GUARD = Duration.ofMinutes(1);

    @Test
    void theValueIsReturnedAtTheFirstLookThatFindsIt() throws Exception {
        AtomicInteger looks = new AtomicInteger();

        String value = Polling.await("never said", GUARD, Duration.ofMillis(1), () ->
                looks.incrementAndGet() < 3 ? Observation.notYet("look " + looks.get())
                        : Observation.found("third"));

        assertEquals("third", value);
        assertEquals(3, looks.get());
    }

    @Test
    void aZeroTimeoutStillLooksOnce() throws Exception {
        AtomicInteger looks = new AtomicInteger();

        assertEquals(7, Polling.await("never said", Duration.ZERO, Duration.ofSeconds(1),
                () -> Observation.ofNullable(looks.incrementAndGet() * 7)));
        assertEquals(1, looks.get());
    }

    @Test
    void theTimeoutNamesWhatDidNotHappenForHowLongAndWhatWasSeenLast() {
        AtomicInteger looks = new AtomicInteger();

        TimeoutException timedOut = assertThrows(TimeoutException.class, () -> Polling.await(
                "nimbus was not ready", Duration.ZERO, Duration.ofSeconds(1),
                () -> Observation.notYet("TCP 10.0.0.2:6627: refused " + looks.incrementAndGet())));

        assertEquals("nimbus was not ready within 0 s (TCP 10.0.0.2:6627: refused 1)",
                timedOut.getMessage());
    }

    @Test
    void aTimeoutOfMillisecondsIsSaidInMillisecondsAndNothingSeenIsLeftOut() {
        TimeoutException timedOut = assertThrows(TimeoutException.class, () -> Polling.await(
                "no line", Duration.ofMillis(1), Duration.ofMillis(1),
                () -> Observation.ofNullable(null)));

        assertEquals("no line within 1 ms", timedOut.getMessage());
    }

    @Test
    void whatTheProbeThrowsEndsTheWaitAtOnce() {
        IOException exited = new IOException("the process exited");
        AtomicInteger looks = new AtomicInteger();

        IOException thrown = assertThrows(IOException.class, () -> Polling.await("never said",
                GUARD, Duration.ofMillis(1), () -> {
                    looks.incrementAndGet();
                    throw exited;
                }));

        assertSame(exited, thrown);
        assertEquals(1, looks.get());
    }

    @Test
    void anInterruptEndsTheWait() {
        Thread.currentThread().interrupt();
        try {
            assertThrows(InterruptedException.class, () -> Polling.await("never said", GUARD,
                    Duration.ofSeconds(1), Observation::notYet));
        } finally {
            Thread.interrupted();
        }
    }
}
