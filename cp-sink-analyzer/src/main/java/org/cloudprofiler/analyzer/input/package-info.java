/**
 * Internal: the log set of a run (channel logs, topology.json, drops.json) as scanned before the
 * job starts, and the problems found in it. Not API.
 */
package org.cloudprofiler.analyzer.input;
