package org.cloudprofiler.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.cloudprofiler.sync.SyncExchange;
import org.cloudprofiler.sync.translate.HullClockMap;
import org.cloudprofiler.sync.translate.MinRttClockMap;
import org.cloudprofiler.sync.translate.ReferenceTranslation;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Translating one timestamp onto another node's clock: MinRTT's fast path against the exact
 * BigDecimal reference it is tested against (the seed paper reported a 155× speed-up), and the
 * hull. One map for the whole run, 10 hours at 5 GHz with TSC values near 2^62, 100 exchanges per
 * phase; timestamps spread over the run.
 *
 * <p>Each benchmark spells out its own loop: one loop shared through an interface would see three
 * map classes, and JMH would time the virtual dispatch as much as the translation.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TranslationBenchmark {

    private static final long TARGET_START = (1L << 62) - 200_000_000_000_000L;
    private static final long SOURCE_START = TARGET_START - (1L << 50);
    private static final long RUN_TICKS = 180_000_000_000_000L;

    private final long[] sourceTicks = new long[CallBatch.CALLS];
    private SyncExchange startMin;
    private SyncExchange endMin;
    private MinRttClockMap fast;
    private ReferenceTranslation exact;
    private HullClockMap hull;

    @Setup
    public void createMaps() {
        Random random = new Random(42);
        List<SyncExchange> start = phase(0, random);
        List<SyncExchange> end = phase(RUN_TICKS, random);
        Comparator<SyncExchange> byRtt = Comparator.comparingLong(SyncExchange::rttTicks);
        startMin = start.stream().min(byRtt).orElseThrow();
        endMin = end.stream().min(byRtt).orElseThrow();
        fast = new MinRttClockMap(startMin, endMin);
        exact = new ReferenceTranslation(startMin, endMin);
        List<SyncExchange> all = new ArrayList<>(start);
        all.addAll(end);
        hull = new HullClockMap(all, List.of());
        for (int i = 0; i < sourceTicks.length; i++) {
            sourceTicks[i] = SOURCE_START + (long) (random.nextDouble() * RUN_TICKS);
        }
    }

    @Benchmark
    @OperationsPerInvocation(CallBatch.CALLS)
    public long minRttFast() {
        long sum = 0;
        for (long ticks : sourceTicks) {
            sum += fast.translateTicks(ticks);
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(CallBatch.CALLS)
    public long minRttBigDecimalReference() {
        long sum = 0;
        for (long ticks : sourceTicks) {
            sum += exact.translateTicks(ticks);
        }
        return sum;
    }

    /**
     * The straightforward exact translation: the design's formula evaluated in BigDecimal from the
     * two min exchanges for every timestamp, constants included, as an analysis that does not
     * precompute per map would.
     */
    @Benchmark
    @OperationsPerInvocation(CallBatch.CALLS)
    public long minRttBigDecimalPerTimestamp() {
        long sum = 0;
        for (long ticks : sourceTicks) {
            sum += new ReferenceTranslation(startMin, endMin).translateTicks(ticks);
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(CallBatch.CALLS)
    public long hull() {
        long sum = 0;
        for (long ticks : sourceTicks) {
            sum += hull.translateTicks(ticks);
        }
        return sum;
    }

    /**
     * 100 exchanges one million ticks apart from {@code offsetTicks} into the run, with one-way
     * delays of 10 to 60 µs; the source clock runs 150 ppm slow.
     */
    private static List<SyncExchange> phase(long offsetTicks, Random random) {
        List<SyncExchange> exchanges = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            long answeredSourceTicks = SOURCE_START + offsetTicks + i * 1_000_000L;
            long elapsed = answeredSourceTicks - SOURCE_START;
            long answeredTargetTicks = TARGET_START + elapsed + elapsed * 3 / 20_000;
            exchanges.add(new SyncExchange(answeredTargetTicks - delayTicks(random),
                    answeredSourceTicks, answeredTargetTicks + 1 + delayTicks(random)));
        }
        return exchanges;
    }

    private static long delayTicks(Random random) {
        return 50_000 + random.nextInt(250_000);
    }
}
