package org.cloudprofiler.generator.search;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * When a run counts as sustained: nothing dropped, everything emitted ingested, the rate reached
 * within a tolerance, and the schedule lag bounded (not growing towards the end).
 *
 * @param rateTolerance the achieved rate may fall short of the target by this fraction
 * @param maxLag the largest schedule lag, p99 and at the end of the run, that still passes
 */
public record PassCriteria(double rateTolerance, Duration maxLag) {

    /** 0.5% rate tolerance, lag under 10 ms. */
    public static final PassCriteria DEFAULT = new PassCriteria(0.005, Duration.ofMillis(10));

    public PassCriteria {
        if (rateTolerance < 0 || rateTolerance >= 1) {
            throw new IllegalArgumentException("rate tolerance " + rateTolerance
                    + " is not a fraction in [0, 1)");
        }
    }

    /** Why {@code run} does not pass; empty if it does. */
    public List<String> failures(RunResult run) {
        List<String> failures = new ArrayList<>();
        if (run.dropped() > 0) {
            failures.add(String.format(Locale.ROOT, "%,d tuples dropped", run.dropped()));
        }
        if (run.ingested() != run.emitted()) {
            failures.add(String.format(Locale.ROOT, "ingested %,d of %,d emitted", run.ingested(),
                    run.emitted()));
        }
        double floor = run.targetTuplesPerSecond() * (1 - rateTolerance);
        if (run.achievedTuplesPerSecond() < floor) {
            failures.add(String.format(Locale.ROOT, "achieved %,.0f tuples/s, below %,.0f",
                    run.achievedTuplesPerSecond(), floor));
        }
        long maxLagNs = maxLag.toNanos();
        if (run.lagP99Ns() > maxLagNs || run.lagAtEndNs() > maxLagNs) {
            failures.add(String.format(Locale.ROOT, "schedule lag p99 %.3f ms, at the end %.3f"
                    + " ms, over %.3f ms", run.lagP99Ns() / 1e6, run.lagAtEndNs() / 1e6,
                    maxLagNs / 1e6));
        }
        return failures;
    }
}
