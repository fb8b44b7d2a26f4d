package org.cloudprofiler.generator.search;

import java.util.List;

/**
 * One run of the search.
 *
 * @param index 0 for the first run of the search, -1 for the warm-up before it
 * @param stage {@code warm-up}, then {@code doubling} while looking for a rate that fails,
 *     {@code bisection} after
 * @param result what the run measured
 * @param failures why it did not pass; empty if it passed
 */
public record SearchStep(int index, String stage, RunResult result, List<String> failures) {

    public SearchStep {
        failures = List.copyOf(failures);
    }

    public boolean passed() {
        return failures.isEmpty();
    }
}
