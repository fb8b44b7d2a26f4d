/**
 * Channel names, the contract between what logs and what reads: {@code <component>/<task>/<point>}
 * with the {@link org.cloudprofiler.channel.ProbePoint}s every engine integration logs,
 * {@link org.cloudprofiler.channel.ChannelNames} for operator ids, and the generator's send
 * channels ({@link org.cloudprofiler.channel.IngestionChannel}).
 *
 * <p>API: engine integrations name their channels with these; the analyzer reads them back.
 */
package org.cloudprofiler.channel;
