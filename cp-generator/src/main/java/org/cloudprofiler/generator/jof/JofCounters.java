package org.cloudprofiler.generator.jof;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * A snapshot of one receiver's counts, or of their sum over the whole JOF. Immutable. Each field
 * is exact; while receivers run, fields may come from moments a bucket apart. Once every
 * receiver has reached its end of the run, {@code tuplesReceived == tuplesHandedOver +
 * tuplesDropped + tuplesRejected} holds exactly.
 *
 * @param bytesReceived bytes of every message off the socket, whatever became of it
 * @param bucketsReceived data buckets that decoded as well-formed and came from the run's senders
 * @param tuplesReceived their tuples
 * @param markersReceived end-of-run markers accepted, one per sender and receiver
 * @param tuplesDeserialized tuples turned into objects (and assembled, where an assembler is
 *     configured)
 * @param bucketsHandedOver buckets offered to the queue and taken
 * @param tuplesHandedOver their tuples
 * @param bucketsDropped buckets the full queue refused
 * @param tuplesDropped their tuples
 * @param messagesRejected messages rejected for any reason, garbage included
 * @param tuplesRejected tuples of received data buckets that were rejected (a malformed message
 *     has no trustworthy tuple count and adds none)
 * @param rejectedByReason rejected messages per reason; reasons without any are absent
 * @param lastRejection what a recent rejection was about, naming the fix; null if none
 * @param sequenceGaps buckets missing from the senders' sequences: the senders' drops towards
 *     this receiver, as the receiver sees them
 * @param tuplesDroppedBySenders tuples the senders dropped towards this receiver, as their
 *     end-of-run markers say (sends that would have blocked); exact once every marker is in
 * @param endOfRunMismatches senders whose end-of-run counts differed from what was received
 * @param receiversAtEndOfRun receivers that had every sender's end-of-run marker
 */
public record JofCounters(long bytesReceived, long bucketsReceived, long tuplesReceived,
        long markersReceived, long tuplesDeserialized, long bucketsHandedOver,
        long tuplesHandedOver, long bucketsDropped, long tuplesDropped, long messagesRejected,
        long tuplesRejected, Map<RejectReason, Long> rejectedByReason, String lastRejection,
        long sequenceGaps, long tuplesDroppedBySenders, long endOfRunMismatches,
        int receiversAtEndOfRun) {

    public JofCounters {
        rejectedByReason = rejectedByReason.isEmpty()
                ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(rejectedByReason));
    }

    /** Counts of a receiver that has received nothing. */
    public static final JofCounters NONE =
            new JofCounters(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, Map.of(), null, 0, 0, 0, 0);

    /**
     * These counts and {@code other}'s added up; {@link #lastRejection} is this one's if it has
     * one, else {@code other}'s.
     */
    public JofCounters plus(JofCounters other) {
        Map<RejectReason, Long> byReason = new EnumMap<>(RejectReason.class);
        byReason.putAll(rejectedByReason);
        other.rejectedByReason.forEach((reason, count) -> byReason.merge(reason, count,
                Long::sum));
        return new JofCounters(bytesReceived + other.bytesReceived,
                bucketsReceived + other.bucketsReceived, tuplesReceived + other.tuplesReceived,
                markersReceived + other.markersReceived,
                tuplesDeserialized + other.tuplesDeserialized,
                bucketsHandedOver + other.bucketsHandedOver,
                tuplesHandedOver + other.tuplesHandedOver, bucketsDropped + other.bucketsDropped,
                tuplesDropped + other.tuplesDropped, messagesRejected + other.messagesRejected,
                tuplesRejected + other.tuplesRejected, byReason,
                lastRejection != null ? lastRejection : other.lastRejection,
                sequenceGaps + other.sequenceGaps,
                tuplesDroppedBySenders + other.tuplesDroppedBySenders,
                endOfRunMismatches + other.endOfRunMismatches,
                receiversAtEndOfRun + other.receiversAtEndOfRun);
    }
}
