package org.cloudprofiler.generator;

/**
 * What all senders of a finished run sent one receiver; markers count the senders whose
 * end-of-run marker was handed over (or not) within the marker timeout.
 */
public record ReceiverTotals(
        String endpoint,
        long sentTuples,
        long sentBuckets,
        long droppedTuples,
        long droppedBuckets,
        int markersDelivered,
        int markersUndelivered,
        long disconnects) {}
