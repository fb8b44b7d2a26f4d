package org.cloudprofiler.generator.search;

import java.util.List;

/**
 * The answer of a throughput search and every run that led to it.
 *
 * @param maxSustainedTuplesPerSecond the highest rate that passed, 0 if none did
 * @param lowestFailedTuplesPerSecond the lowest rate that failed, or -1 if none failed (the
 *     search reached its upper limit)
 * @param resolutionTuplesPerSecond the search stopped when the two were this close
 * @param steps in the order they ran
 * @param warmUp the run before the search, not part of it; null if there was none
 */
public record SearchResult(long maxSustainedTuplesPerSecond, long lowestFailedTuplesPerSecond,
        long resolutionTuplesPerSecond, List<SearchStep> steps, SearchStep warmUp) {

    public SearchResult {
        steps = List.copyOf(steps);
    }
}
