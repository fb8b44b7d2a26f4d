package org.cloudprofiler.bench.storm;

import org.cloudprofiler.generator.search.RunResult;

/**
 * One run as the search sees it ({@link RunResult}) plus what only this benchmark knows.
 *
 * @param result the counts and lags the pass criteria judge; its {@code lagAtEndNs} is the
 *     larger of the source's lag in the last second and the drain time
 * @param drainNs from the end of the source's schedule until the null bolt had every tuple, ns;
 *     -1 if it never had them within the wait
 * @param details the source's own figures, e.g. JOF or producer counts, one line
 */
record MeasuredRun(RunResult result, long drainNs, String details) {}
