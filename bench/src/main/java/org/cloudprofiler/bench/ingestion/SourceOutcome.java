package org.cloudprofiler.bench.ingestion;

import java.util.List;

import org.cloudprofiler.generator.search.SearchResult;

/**
 * One source's search: its answer and, step by step, what only this benchmark measured.
 *
 * @param source e.g. {@code kafka}, {@code jof-raw}, {@code ceiling}
 * @param search the search's answer and steps
 * @param runs each step's {@link MeasuredRun}, in step order
 */
public record SourceOutcome(String source, SearchResult search, List<MeasuredRun> runs) {

    public SourceOutcome {
        runs = List.copyOf(runs);
    }
}
