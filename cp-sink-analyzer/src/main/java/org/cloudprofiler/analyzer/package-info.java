/**
 * The analyzer (docs/analyzer-output.md): a Flink job that joins the channel logs of a run by
 * tuple id and reports each hop's latency with its error bound. Run it with
 * {@link org.cloudprofiler.analyzer.Analyzer} and
 * {@link org.cloudprofiler.analyzer.AnalyzerOptions} (or {@code cloudprofiler analyze}).
 *
 * <p>API: {@code Analyzer} and {@code AnalyzerOptions}; the result is
 * {@code report.AnalysisSummary}. The other packages of the analyzer are its own.
 */
package org.cloudprofiler.analyzer;
