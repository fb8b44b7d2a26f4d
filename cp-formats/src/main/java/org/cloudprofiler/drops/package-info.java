/**
 * {@code drops.json}: tuples lost before the engine saw them (docs/analyzer-output.md), written
 * with {@link org.cloudprofiler.drops.DropsFile} by anything that loses tuples outside the
 * channel logs and read by the analyzer.
 *
 * <p>API.
 */
package org.cloudprofiler.drops;
