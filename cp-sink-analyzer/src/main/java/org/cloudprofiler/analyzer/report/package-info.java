/**
 * What the analyzer reports: {@link org.cloudprofiler.analyzer.report.AnalysisSummary} (written as
 * summary.json), hops.csv, report.html and the console table.
 *
 * <p>API: {@code AnalysisSummary}; the writers and charts are the analyzer's own.
 */
package org.cloudprofiler.analyzer.report;
