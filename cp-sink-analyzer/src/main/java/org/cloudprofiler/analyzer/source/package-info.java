/**
 * Internal: the FLIP-27 source that reads channel logs block by block, laid out as
 * flink-connector-kafka's source is. Not API.
 */
package org.cloudprofiler.analyzer.source;
