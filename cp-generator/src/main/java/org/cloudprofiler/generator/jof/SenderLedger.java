package org.cloudprofiler.generator.jof;

import java.util.List;

/**
 * One receiver's account of each of the run's senders: the sequence it expects next, what it
 * received, and the sender's end-of-run report. Confined to the receiver thread.
 */
final class SenderLedger {
    private final long[] nextSequence;
    private final long[] tuplesReceived;
    private final long[] bucketsReceived;
    private final SenderReport[] reports;
    private int markers;

    SenderLedger(int senderCount) {
        nextSequence = new long[senderCount];
        tuplesReceived = new long[senderCount];
        bucketsReceived = new long[senderCount];
        reports = new SenderReport[senderCount];
    }

    int senderCount() {
        return reports.length;
    }

    /**
     * Takes sequence number {@code sequence} from {@code sender} as the next one.
     *
     * @return how many numbers were skipped (buckets the sender dropped), or -1 if the number is
     *     not above every number already taken from that sender, which is then left unchanged
     */
    long advance(int sender, long sequence) {
        long skipped = sequence - nextSequence[sender];
        if (skipped < 0) {
            return -1;
        }
        nextSequence[sender] = sequence + 1;
        return skipped;
    }

    /** The sequence number expected next from {@code sender}. */
    long expectedSequence(int sender) {
        return nextSequence[sender];
    }

    void received(int sender, int tuples) {
        bucketsReceived[sender]++;
        tuplesReceived[sender] += tuples;
    }

    boolean hasMarker(int sender) {
        return reports[sender] != null;
    }

    /** Records the sender's end-of-run marker and compares it with what was received. */
    SenderReport marker(int sender, long tuplesSent, long bucketsSent, long tuplesDropped) {
        SenderReport report = new SenderReport(sender, tuplesSent, bucketsSent, tuplesDropped,
                tuplesReceived[sender], bucketsReceived[sender]);
        reports[sender] = report;
        markers++;
        return report;
    }

    boolean hasEveryMarker() {
        return markers == reports.length;
    }

    List<SenderReport> reports() {
        return List.of(reports);
    }
}
