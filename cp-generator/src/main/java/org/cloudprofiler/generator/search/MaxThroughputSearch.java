package org.cloudprofiler.generator.search;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Finds the highest rate a pipeline sustains: fixed-rate runs, doubling from a start rate until
 * one fails, then bisecting between the last pass and the first failure down to a resolution
 * (the seed paper stepped 1 k tuples/s at a time; this needs log₂ as many runs). If the start
 * rate already fails, it halves until a run passes or the rate drops below the resolution.
 *
 * <p>Not thread-safe; each {@link #search()} runs on the caller's thread.
 */
public final class MaxThroughputSearch {
    private static final String DOUBLING = "doubling";
    private static final String BISECTION = "bisection";
    private static final String WARM_UP = "warm-up";

    private final IngestionPipeline pipeline;
    private final PassCriteria criteria;
    private final Duration runDuration;
    private final long startTuplesPerSecond;
    private final long maxTuplesPerSecond;
    private final long resolutionTuplesPerSecond;
    private final Consumer<SearchStep> progress;
    private Duration warmUp = Duration.ZERO;

    /**
     * @param runDuration length of each run
     * @param startTuplesPerSecond rate of the first run
     * @param maxTuplesPerSecond the search never asks for more
     * @param resolutionTuplesPerSecond it stops when pass and failure are this close
     * @param progress told of every step as soon as it ran
     */
    public MaxThroughputSearch(IngestionPipeline pipeline, PassCriteria criteria,
            Duration runDuration, long startTuplesPerSecond, long maxTuplesPerSecond,
            long resolutionTuplesPerSecond, Consumer<SearchStep> progress) {
        if (startTuplesPerSecond < 1 || maxTuplesPerSecond < startTuplesPerSecond
                || resolutionTuplesPerSecond < 1) {
            throw new IllegalArgumentException("need 1 ≤ start ≤ max and resolution ≥ 1 tuples/s,"
                    + " not start " + startTuplesPerSecond + ", max " + maxTuplesPerSecond
                    + ", resolution " + resolutionTuplesPerSecond);
        }
        if (runDuration.isNegative() || runDuration.isZero()) {
            throw new IllegalArgumentException("the run duration must be positive");
        }
        this.pipeline = pipeline;
        this.criteria = criteria;
        this.runDuration = runDuration;
        this.startTuplesPerSecond = startTuplesPerSecond;
        this.maxTuplesPerSecond = maxTuplesPerSecond;
        this.resolutionTuplesPerSecond = resolutionTuplesPerSecond;
        this.progress = progress;
    }

    /**
     * Runs the pipeline at half the start rate for {@code warmUp} before the search (none by
     * default). The first runs of a fresh JVM execute cold code and fail rates that it sustains
     * once compiled (docs/benchmarks.md, "Max-throughput search"), and the search takes a
     * failure as final. The warm-up is told to the progress consumer first and kept in
     * {@link SearchResult#warmUp()}; whether it passed does not matter.
     *
     * @return this search
     */
    public MaxThroughputSearch warmUpFirst(Duration warmUp) {
        if (warmUp.isNegative()) {
            throw new IllegalArgumentException("the warm-up must not be negative");
        }
        this.warmUp = warmUp;
        return this;
    }

    /** Runs the search. */
    public SearchResult search() throws Exception {
        SearchStep warmUpStep = null;
        if (!warmUp.isZero()) {
            RunResult result = pipeline.run(Math.max(1, startTuplesPerSecond / 2), warmUp);
            warmUpStep = new SearchStep(SearchStep.WARM_UP_INDEX, WARM_UP, result,
                    criteria.failures(result));
            progress.accept(warmUpStep);
        }
        List<SearchStep> steps = new ArrayList<>();
        long passed = 0;
        long failed = -1;
        long rate = startTuplesPerSecond;
        // Doubling (or halving, when the start rate is already too much) brackets the answer.
        while (true) {
            boolean ok = run(rate, DOUBLING, steps);
            if (ok) {
                passed = rate;
                if (failed >= 0 || rate == maxTuplesPerSecond) {
                    break;
                }
                rate = Math.min(maxTuplesPerSecond, rate * 2);
            } else {
                failed = rate;
                if (passed > 0 || rate / 2 < resolutionTuplesPerSecond) {
                    break;
                }
                rate /= 2;
            }
        }
        while (failed >= 0 && passed > 0 && failed - passed > resolutionTuplesPerSecond) {
            long middle = passed + (failed - passed) / 2;
            if (run(middle, BISECTION, steps)) {
                passed = middle;
            } else {
                failed = middle;
            }
        }
        return new SearchResult(passed, failed, resolutionTuplesPerSecond, steps, warmUpStep);
    }

    private boolean run(long rate, String stage, List<SearchStep> steps) throws Exception {
        RunResult result = pipeline.run(rate, runDuration);
        SearchStep step = new SearchStep(steps.size(), stage, result, criteria.failures(result));
        steps.add(step);
        progress.accept(step);
        return step.passed();
    }
}
