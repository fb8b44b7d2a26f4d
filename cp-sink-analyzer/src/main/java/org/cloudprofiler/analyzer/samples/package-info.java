/**
 * Internal: the export of every hop sample as Arrow IPC files ({@code analyze --samples}). Not
 * API; the files' columns are documented in docs/analyzer-output.md.
 */
package org.cloudprofiler.analyzer.samples;
