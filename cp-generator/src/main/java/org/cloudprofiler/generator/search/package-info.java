/**
 * The search for the highest sustainable ingestion rate: runs of the generator at rising rates
 * until drops or lag say the pipeline no longer keeps up ({@code cloudprofiler max-throughput}).
 *
 * <p>API.
 */
package org.cloudprofiler.generator.search;
