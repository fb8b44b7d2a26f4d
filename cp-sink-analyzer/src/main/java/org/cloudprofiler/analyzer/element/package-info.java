/**
 * Internal: the records that flow through the analysis job, with their Flink serializer. Not
 * API.
 */
package org.cloudprofiler.analyzer.element;
