/**
 * Internal: assigns log files to readers. Not API.
 */
package org.cloudprofiler.analyzer.source.enumerator;
