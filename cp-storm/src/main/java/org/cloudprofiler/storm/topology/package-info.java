/**
 * Internal: writes {@code topology.json} from a Storm task's context (the layout is cp-formats'
 * {@code org.cloudprofiler.topology}). Not API.
 */
package org.cloudprofiler.storm.topology;
