package org.cloudprofiler.generator.jof;

import java.util.Map;

/**
 * {@link JofCounters} for tests, each counter set by its name and the rest zero, so that a test
 * reads which counter it means instead of counting seventeen positional arguments.
 */
public final class JofCountersBuilder {
    private long bytesReceived;
    private long bucketsReceived;
    private long tuplesReceived;
    private long markersReceived;
    private long tuplesDeserialized;
    private long bucketsHandedOver;
    private long tuplesHandedOver;
    private long bucketsDropped;
    private long tuplesDropped;
    private long messagesRejected;
    private long tuplesRejected;
    private Map<RejectReason, Long> rejectedByReason = Map.of();
    private String lastRejection;
    private long sequenceGaps;
    private long tuplesDroppedBySenders;
    private long endOfRunMismatches;
    private int receiversAtEndOfRun;

    public JofCountersBuilder bytesReceived(long value) {
        bytesReceived = value;
        return this;
    }

    public JofCountersBuilder bucketsReceived(long value) {
        bucketsReceived = value;
        return this;
    }

    public JofCountersBuilder tuplesReceived(long value) {
        tuplesReceived = value;
        return this;
    }

    public JofCountersBuilder markersReceived(long value) {
        markersReceived = value;
        return this;
    }

    public JofCountersBuilder tuplesDeserialized(long value) {
        tuplesDeserialized = value;
        return this;
    }

    public JofCountersBuilder bucketsHandedOver(long value) {
        bucketsHandedOver = value;
        return this;
    }

    public JofCountersBuilder tuplesHandedOver(long value) {
        tuplesHandedOver = value;
        return this;
    }

    public JofCountersBuilder bucketsDropped(long value) {
        bucketsDropped = value;
        return this;
    }

    public JofCountersBuilder tuplesDropped(long value) {
        tuplesDropped = value;
        return this;
    }

    public JofCountersBuilder messagesRejected(long value) {
        messagesRejected = value;
        return this;
    }

    public JofCountersBuilder tuplesRejected(long value) {
        tuplesRejected = value;
        return this;
    }

    public JofCountersBuilder rejectedByReason(Map<RejectReason, Long> value) {
        rejectedByReason = value;
        return this;
    }

    public JofCountersBuilder lastRejection(String value) {
        lastRejection = value;
        return this;
    }

    public JofCountersBuilder sequenceGaps(long value) {
        sequenceGaps = value;
        return this;
    }

    public JofCountersBuilder tuplesDroppedBySenders(long value) {
        tuplesDroppedBySenders = value;
        return this;
    }

    public JofCountersBuilder endOfRunMismatches(long value) {
        endOfRunMismatches = value;
        return this;
    }

    public JofCountersBuilder receiversAtEndOfRun(int value) {
        receiversAtEndOfRun = value;
        return this;
    }

    public JofCounters build() {
        return new JofCounters(bytesReceived, bucketsReceived, tuplesReceived, markersReceived,
                tuplesDeserialized, bucketsHandedOver, tuplesHandedOver, bucketsDropped,
                tuplesDropped, messagesRejected, tuplesRejected, rejectedByReason, lastRejection,
                sequenceGaps, tuplesDroppedBySenders, endOfRunMismatches, receiversAtEndOfRun);
    }
}
