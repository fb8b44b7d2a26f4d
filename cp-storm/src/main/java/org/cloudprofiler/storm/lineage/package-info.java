/**
 * How a profiled topology's tuples carry their ids (docs/design.md, "Tuple lineage"): beside the
 * values ({@link org.cloudprofiler.storm.lineage.IdentifiedValues}), written between workers by
 * the worker's Kryo, and the epoch of the ids a task mints
 * ({@link org.cloudprofiler.storm.lineage.TaskStarts}).
 *
 * <p>Internal: used by the profiled components and found by Storm as a service.
 */
package org.cloudprofiler.storm.lineage;
