package org.cloudprofiler;

import org.cloudprofiler.log.HandlerType;

/**
 * The acks of a return-trip channel ({@link HandlerType#RET_START}, {@link HandlerType#RET_END});
 * all zero for every other handler. They are not in the log trailer: docs/log-format.md says where
 * each shows once the channel is closed.
 *
 * @param matched RET_START: acks that found their waiting start, written with their ack TSC
 * @param unknown RET_START: well-formed acks for an id with no waiting start (never started, acked
 *     twice, or given up after {@code capacity} later starts)
 * @param malformed RET_START: datagrams of the wrong size, magic or reserved bytes
 * @param wrongVersion RET_START: acks of another version (a RET_END node of another release)
 * @param unauthenticated RET_START: acks whose MAC does not verify (another
 *     {@code CP_RET_TOKEN}, forged or altered)
 * @param unacked RET_START: starts written without an ack ({@code ack_tsc = -1})
 * @param sendFailures RET_END: acks not sent (refused by the kernel, or no port set)
 */
public record AckStats(
        long matched,
        long unknown,
        long malformed,
        long wrongVersion,
        long unauthenticated,
        long unacked,
        long sendFailures) {}
