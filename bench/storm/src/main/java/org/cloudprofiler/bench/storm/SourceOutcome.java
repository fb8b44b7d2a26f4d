package org.cloudprofiler.bench.storm;

import java.util.List;

import org.cloudprofiler.generator.search.SearchResult;

/**
 * One source's search: its answer and, step by step, what only this benchmark measured.
 *
 * @param source e.g. {@code kafka}, {@code jof-raw}, {@code ceiling}
 * @param search the search's answer and steps
 * @param runs each step's {@link MeasuredRun}, in step order
 */
record SourceOutcome(String source, SearchResult search, List<MeasuredRun> runs) {

    SourceOutcome {
        runs = List.copyOf(runs);
    }
}
