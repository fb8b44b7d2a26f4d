/**
 * The profiling API: open channels, log {@code <tuple id, TSC>} pairs at a few nanoseconds a
 * call, close them ({@link org.cloudprofiler.CloudProfiler}, {@link org.cloudprofiler.Channel}),
 * and the clock probes that tell whether this machine's TSC can be trusted.
 *
 * <p>API. The native library is loaded once, on first use; the log format it writes is
 * cp-formats' {@code org.cloudprofiler.log}.
 */
package org.cloudprofiler;
