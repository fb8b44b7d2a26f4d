/**
 * Streaming reader of channel log files (docs/log-format.md).
 *
 * <p>{@link org.cloudprofiler.log.LogReader} reads one file block by block, so memory stays
 * bounded by the largest block whatever the file's size. Damage to the file is never thrown: it
 * is reported as {@link org.cloudprofiler.log.LogProblem}s, with the byte offset and what the
 * user can do, and the reader resumes at the next block whose checksum is intact. Only I/O
 * errors (a file that cannot be opened or read) surface as {@link java.io.IOException}.
 */
package org.cloudprofiler.log;
