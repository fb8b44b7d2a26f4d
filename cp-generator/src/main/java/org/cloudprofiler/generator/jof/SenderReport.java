package org.cloudprofiler.generator.jof;

/**
 * What one sender's end-of-run marker told one receiver, next to what the receiver counted from
 * that sender. Immutable.
 *
 * @param tuplesSent tuples the sender sent this receiver (sends that succeeded)
 * @param bucketsSent data buckets the sender sent this receiver
 * @param tuplesDroppedBySender tuples the sender dropped towards this receiver (sends that would
 *     have blocked)
 * @param tuplesReceived tuples this receiver received from the sender before its marker
 * @param bucketsReceived data buckets this receiver received from the sender before its marker
 */
public record SenderReport(int senderIndex, long tuplesSent, long bucketsSent,
        long tuplesDroppedBySender, long tuplesReceived, long bucketsReceived) {

    /** Whether the receiver got exactly what the sender says it sent. */
    public boolean matches() {
        return tuplesSent == tuplesReceived && bucketsSent == bucketsReceived;
    }
}
