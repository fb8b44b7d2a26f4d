/**
 * The native rate-controlled generator (docs/generator.md): ZeroMQ senders at a target rate in
 * native threads, started with {@link org.cloudprofiler.generator.Generator#builder()}, with a
 * per-second report of what was sent, late and dropped.
 *
 * <p>API.
 */
package org.cloudprofiler.generator;
