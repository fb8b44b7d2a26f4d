/**
 * What a JOF counts, as its entry of {@code drops.json} (cp-formats'
 * {@code org.cloudprofiler.drops}).
 *
 * <p>API.
 */
package org.cloudprofiler.generator.drops;
