package org.cloudprofiler.bench.ingestion;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.cloudprofiler.generator.search.IngestionPipeline;
import org.cloudprofiler.generator.search.MaxThroughputSearch;
import org.cloudprofiler.generator.search.PassCriteria;
import org.cloudprofiler.generator.search.RunResult;
import org.cloudprofiler.generator.search.SearchResult;

/**
 * A source measured into a counting sink, the same way on every engine: runs end alike for
 * every source: once its schedule is over, the driver waits for the sink to have every tuple
 * (the drain), at most {@code drainWait}, and a drain that does not finish counts in the lag.
 * Each run first waits for the hypervisor to stop taking the machine's CPU ({@link
 * QuietMachine}), at most the rules' {@code quietWait}; a run through which it took more than
 * {@link #MAX_STOLEN_CPU_SHARE} all the same is measured again, pass or fail, at most {@link
 * #MAX_DISCARDED_RUNS} times. Closing it releases what it holds across runs. Not thread-safe.
 */
public abstract class MeasuredIngestionPipeline implements IngestionPipeline, AutoCloseable {
    /** More stolen CPU than this in a run and the run says nothing about the software. */
    public static final double MAX_STOLEN_CPU_SHARE = 0.02;
    /** Runs at one rate discarded for stolen CPU before the next one stands regardless. */
    public static final int MAX_DISCARDED_RUNS = 2;

    private final String name;
    private final RunRules rules;
    private MeasuredRun lastRun;

    protected MeasuredIngestionPipeline(String name, RunRules rules) {
        this.name = name;
        this.rules = rules;
    }

    /** How the benchmark names this source, e.g. {@code kafka}. */
    public final String name() {
        return name;
    }

    @Override
    public final RunResult run(long targetTuplesPerSecond, Duration duration) throws Exception {
        List<Double> discarded = new ArrayList<>();
        Duration waited = Duration.ZERO;
        while (true) {
            QuietMachine.Wait wait = QuietMachine.await(rules.quietWait());
            waited = waited.plus(wait.waited());
            StolenCpu stolen = StolenCpu.start();
            MeasuredRun run = measure(targetTuplesPerSecond, duration);
            double share = stolen.share();
            if (!(share > MAX_STOLEN_CPU_SHARE) || discarded.size() == MAX_DISCARDED_RUNS) {
                lastRun = run.withStolenCpu(share, discarded, waited, wait.quiet());
                return lastRun.result();
            }
            discarded.add(share);
        }
    }

    /**
     * Searches this source's highest sustained rate, reporting every step as it runs.
     *
     * @param range start, max and resolution of the search, tuples/s
     */
    public final SourceOutcome search(PassCriteria criteria, Duration warmUp, Duration duration,
            long[] range, IngestionReport report) throws Exception {
        if (range.length != 3) {
            throw new IllegalArgumentException(name + ": a search range is start,max,resolution"
                    + " in tuples/s, not " + range.length + " numbers");
        }
        // The first job of a source runs its code cold: the warm-up run (at half the start
        // rate) warms the JIT and the heap's sizing up and is shown but not part of the search.
        List<MeasuredRun> runs = new ArrayList<>();
        SearchResult result = new MaxThroughputSearch(this, criteria, duration, range[0],
                range[1], range[2], step -> {
                    if (!step.isWarmUp()) {
                        runs.add(lastRun);
                    }
                    report.step(name, step, lastRun, Thread.activeCount());
                }).warmUpFirst(warmUp).search();
        return new SourceOutcome(name, result, runs);
    }

    /** How long a run waits for the drain after its schedule's end. */
    protected final Duration drainWait() {
        return rules.drainWait();
    }

    /** The last run's figures, null before the first. */
    public final MeasuredRun lastRun() {
        return lastRun;
    }

    /** Nothing to release unless a source holds something across runs. */
    @Override
    public void close() throws Exception {}

    /** One complete run, from starting the job to stopping it. */
    protected abstract MeasuredRun measure(long targetTuplesPerSecond, Duration duration)
            throws Exception;

    /**
     * Waits until the sink has {@code expected} tuples, at most the drain wait after the
     * schedule's end.
     *
     * @param scheduleEndNs {@link System#nanoTime()} at the end of the source's schedule
     * @return the drain time, ns, or -1 if the sink did not have them in time
     */
    protected final long awaitDrain(RunTally tally, long expected, long scheduleEndNs)
            throws InterruptedException {
        long reachedNs = tally.awaitIngested(expected, scheduleEndNs + drainWait().toNanos());
        return reachedNs < 0 ? -1 : Math.max(0, reachedNs - scheduleEndNs);
    }

    /**
     * Puts a drained run's figures together.
     *
     * @param emitted tuples the source handed on: what the sink must count
     * @param baseline tuples the sink counted before the measured ones (warm-up)
     * @param drainNs from {@link #awaitDrain}
     */
    protected final MeasuredRun measured(RunTally tally, long targetTuplesPerSecond,
            double achievedTuplesPerSecond, long emitted, long dropped, ScheduleLag lag,
            long drainNs, long baseline, String details) {
        long ingested = tally.ingested() - baseline;
        // A drain that never finished is at least as long as the wait.
        long endNs = Math.max(lag.atEndNs(),
                drainNs < 0 ? rules.drainWait().toNanos() : drainNs);
        RunResult result = new RunResult(targetTuplesPerSecond, achievedTuplesPerSecond, emitted,
                dropped, ingested, lag.p99Ns(), lag.maxNs(), endNs);
        return new MeasuredRun(result, drainNs, details, Double.NaN, List.of(), Duration.ZERO,
                true);
    }
}
