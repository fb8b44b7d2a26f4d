package org.cloudprofiler.log;

import java.util.ArrayList;
import java.util.List;

/**
 * The problems found in one file, in file order. Keeps the first {@value #MAX_KEPT} and counts
 * the rest, so a file that is mostly garbage cannot fill the heap with reports.
 */
final class ProblemLog {

    static final int MAX_KEPT = 1000;

    private final List<LogProblem> kept = new ArrayList<>();
    private long count;

    void add(LogProblem problem) {
        count++;
        if (kept.size() < MAX_KEPT) {
            kept.add(problem);
        }
    }

    void add(LogProblem.Kind kind, long offset, long length, String message) {
        add(new LogProblem(kind, offset, length, message));
    }

    /** The kept problems, a snapshot. */
    List<LogProblem> kept() {
        return List.copyOf(kept);
    }

    /** All problems found, kept or not. */
    long count() {
        return count;
    }
}
