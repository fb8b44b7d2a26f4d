package org.cloudprofiler;

import org.cloudprofiler.log.HandlerType;

/**
 * Counters of one channel: the quantities its log trailer carries (docs/log-format.md), and the
 * acks of a return-trip channel, which the trailer does not carry.
 *
 * @param accepted calls that passed the handle and thread checks
 * @param filtered accepted calls the handler chose not to record
 * @param recorded records produced (buffered or already written)
 * @param dropped records lost because buffer memory was exhausted under the {@code drop} policy,
 *     and for {@link HandlerType#RET_START} starts it could not keep (no port, or more than its
 *     capacity waiting to be taken)
 * @param rejected calls refused: wrong thread, or logged while the channel was closing
 * @param stalls times a writer waited for buffer memory under the {@code block} policy
 * @param stallNs total time writers waited, ns
 * @param acks the acks of a return-trip channel; all zero for other handlers
 */
public record ChannelStats(
        long accepted,
        long filtered,
        long recorded,
        long dropped,
        long rejected,
        long stalls,
        long stallNs,
        AckStats acks) {}
