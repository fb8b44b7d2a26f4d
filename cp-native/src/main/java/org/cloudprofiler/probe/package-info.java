/**
 * API for engine integrations: the channels of one task at the probe points every engine logs
 * ({@link org.cloudprofiler.probe.TaskProbe}), shared by the Storm and Flink integrations.
 */
package org.cloudprofiler.probe;
