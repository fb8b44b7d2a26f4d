/**
 * Two analyses side by side ({@code cloudprofiler compare}, docs/compare.md): per hop, whether a
 * difference is larger than the two runs' bounds.
 *
 * <p>API: {@link org.cloudprofiler.analyzer.compare.RunComparison} of two
 * {@link org.cloudprofiler.analyzer.compare.SummaryFile}s.
 */
package org.cloudprofiler.analyzer.compare;
