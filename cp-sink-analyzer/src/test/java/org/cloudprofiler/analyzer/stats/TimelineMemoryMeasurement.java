package org.cloudprofiler.analyzer.stats;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Measures what the latency over time holds at its bound: {@link LatencyTimeline#MAX_WINDOWS}
 * windows in each of {@link #HOP_ROWS} hop rows, every window's histogram as wide as its values
 * make it. Prints the heap they retain (used heap after a full collection, with and without
 * them) and their serialized size (what a join subtask sends the client). A measurement, not a
 * test: it asserts nothing and its name keeps it out of {@code mvn test}; run it as
 * {@code ./mvnw -B -ntp -o -pl cp-sink-analyzer test -Dtest=TimelineMemoryMeasurement
 * -Dsurefire.failIfNoSpecifiedTests=false} (docs/benchmarks.md, "Analyzer").
 */
class TimelineMemoryMeasurement {

    private static final int HOP_ROWS = 20;
    private static final long SECOND_NS = 1_000_000_000L;
    /** Enough samples per window to fill many of its buckets, so the serialized size is wide. */
    private static final int SAMPLES_PER_WINDOW = 2000;

    @Test
    void printTheRetainedHeapOfFullTimelines() throws Exception {
        System.out.printf(Locale.ROOT, "%d hop rows x %d windows, %d samples a window%n",
                HOP_ROWS, LatencyTimeline.MAX_WINDOWS, SAMPLES_PER_WINDOW);
        measure("1 ns to 100 ms", 1e8, false);
        measure("1 ns to 10 s", 1e10, false);
        measure("-10 s to 10 s", 1e10, true);
    }

    /** Fills the timelines with log-uniform magnitudes up to {@code maxNs}; prints the figures. */
    private static void measure(String range, double maxNs, boolean bothSigns)
            throws IOException, InterruptedException {
        long before = usedHeapAfterCollection();
        List<LatencyTimeline> rows = new ArrayList<>();
        Random random = new Random(20);
        for (int row = 0; row < HOP_ROWS; row++) {
            LatencyTimeline timeline = new LatencyTimeline(SECOND_NS);
            for (int window = 0; window < LatencyTimeline.MAX_WINDOWS; window++) {
                for (int i = 0; i < SAMPLES_PER_WINDOW; i++) {
                    // The last sample of a window is the range's end, so every window reaches it.
                    double magnitude = i == SAMPLES_PER_WINDOW - 1 ? maxNs
                            : Math.pow(maxNs, random.nextDouble());
                    double sign = bothSigns && i % 2 == 1 ? -1 : 1;
                    timeline.add(window * SECOND_NS + i, sign * magnitude, 1000);
                }
            }
            rows.add(timeline);
        }
        long retained = usedHeapAfterCollection() - before;
        long serialized = serializedSize(rows);
        long windows = (long) HOP_ROWS * LatencyTimeline.MAX_WINDOWS;
        System.out.printf(Locale.ROOT, "%-15s retained %6.1f MiB (%5.1f KiB a window),"
                + " serialized %6.2f MiB (%4.2f KiB a window)%n", range, retained / 1048576.0,
                retained / 1024.0 / windows, serialized / 1048576.0,
                serialized / 1024.0 / windows);
        Reference.reachabilityFence(rows);
    }

    private static long usedHeapAfterCollection() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static long serializedSize(Object value) throws IOException {
        long[] bytes = {0};
        try (ObjectOutputStream out = new ObjectOutputStream(new OutputStream() {
            @Override
            public void write(int b) {
                bytes[0]++;
            }

            @Override
            public void write(byte[] b, int off, int len) {
                bytes[0] += len;
            }
        })) {
            out.writeObject(value);
        }
        return bytes[0];
    }
}
