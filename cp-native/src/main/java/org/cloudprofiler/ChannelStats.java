package org.cloudprofiler;

/**
 * Counters of one channel; the same quantities its log trailer carries (docs/log-format.md).
 *
 * @param accepted calls that passed the handle and thread checks
 * @param filtered accepted calls the handler chose not to record
 * @param recorded records produced (buffered or already written)
 * @param dropped records lost because buffer memory was exhausted under the {@code drop} policy
 * @param rejected calls refused: wrong thread, or logged while the channel was closing
 * @param stalls times a writer waited for buffer memory under the {@code block} policy
 * @param stallNs total time writers waited, ns
 */
public record ChannelStats(
        long accepted,
        long filtered,
        long recorded,
        long dropped,
        long rejected,
        long stalls,
        long stallNs) {

    static ChannelStats fromArray(long[] v) {
        return new ChannelStats(v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
    }
}
