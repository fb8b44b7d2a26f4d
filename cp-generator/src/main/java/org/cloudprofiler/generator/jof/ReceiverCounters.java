package org.cloudprofiler.generator.jof;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One receiver's live counts. Single writer (the receiver thread, which alone calls the
 * counting methods); {@link #snapshot()} is safe from any thread. Counting happens per bucket,
 * not per tuple, which keeps the volatile writes off the per-tuple path.
 */
final class ReceiverCounters {
    private static final RejectReason[] REASONS = RejectReason.values();

    private volatile long bytesReceived;
    private volatile long bucketsReceived;
    private volatile long tuplesReceived;
    private volatile long markersReceived;
    private volatile long tuplesDeserialized;
    private volatile long bucketsHandedOver;
    private volatile long tuplesHandedOver;
    private volatile long bucketsDropped;
    private volatile long tuplesDropped;
    private volatile long messagesRejected;
    private volatile long tuplesRejected;
    private final AtomicLongArray rejectedByReason = new AtomicLongArray(REASONS.length);
    private volatile String lastRejection;
    private volatile long sequenceGaps;
    private volatile long tuplesDroppedBySenders;
    private volatile long endOfRunMismatches;
    private volatile boolean atEndOfRun;

    void message(int bytes) {
        bytesReceived += bytes;
    }

    void received(int tuples) {
        bucketsReceived++;
        tuplesReceived += tuples;
    }

    void deserialized(int tuples) {
        tuplesDeserialized += tuples;
    }

    void handedOver(int tuples) {
        bucketsHandedOver++;
        tuplesHandedOver += tuples;
    }

    void dropped(int tuples) {
        bucketsDropped++;
        tuplesDropped += tuples;
    }

    /** @param tuples the tuples of a received data bucket, 0 for anything else */
    void rejected(RejectReason reason, int tuples, String detail) {
        int i = reason.ordinal();
        rejectedByReason.lazySet(i, rejectedByReason.get(i) + 1);
        lastRejection = detail;
        tuplesRejected += tuples;
        messagesRejected++;
    }

    void gaps(long buckets) {
        sequenceGaps += buckets;
    }

    void marker(SenderReport report) {
        markersReceived++;
        tuplesDroppedBySenders += report.tuplesDroppedBySender();
        if (!report.matches()) {
            endOfRunMismatches++;
        }
    }

    void endOfRun() {
        atEndOfRun = true;
    }

    JofCounters snapshot() {
        Map<RejectReason, Long> byReason = new EnumMap<>(RejectReason.class);
        for (RejectReason reason : REASONS) {
            long count = rejectedByReason.get(reason.ordinal());
            if (count > 0) {
                byReason.put(reason, count);
            }
        }
        return new JofCounters(bytesReceived, bucketsReceived, tuplesReceived, markersReceived,
                tuplesDeserialized, bucketsHandedOver, tuplesHandedOver, bucketsDropped,
                tuplesDropped, messagesRejected, tuplesRejected, byReason, lastRejection,
                sequenceGaps, tuplesDroppedBySenders, endOfRunMismatches, atEndOfRun ? 1 : 0);
    }
}
