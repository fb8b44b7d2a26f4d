package org.cloudprofiler.generator.search;

import java.util.List;

/**
 * One run of the search.
 *
 * @param index 0 for the first run of the search, {@link #WARM_UP_INDEX} for the warm-up
 * @param stage {@code warm-up}, then {@code doubling} while looking for a rate that fails,
 *     {@code bisection} after
 * @param result what the run measured
 * @param failures why it did not pass; empty if it passed
 */
public record SearchStep(int index, String stage, RunResult result, List<String> failures) {

    public SearchStep {
        failures = List.copyOf(failures);
    }

    /** The {@link #index} of the warm-up run before a search. */
    public static final int WARM_UP_INDEX = -1;

    /** Whether this is the warm-up run before the search, not part of it. */
    public boolean isWarmUp() {
        return index == WARM_UP_INDEX;
    }

    public boolean passed() {
        return failures.isEmpty();
    }
}
