package org.cloudprofiler.flink.source.split;

import java.util.Objects;
import org.apache.flink.api.connector.source.SourceSplit;

/**
 * One JOF receiver as a split: the reader it is assigned to binds {@code endpoint} and reads
 * what the generator's senders send there. A receiver's stream cannot be replayed, so the split
 * carries no position; it is also its own state. Immutable.
 *
 * @param receiver the receiver's index among all receivers of the source, from 0
 * @param endpoint where it binds, e.g. {@code tcp://127.0.0.1:5555}
 */
public record JofReceiverSplit(int receiver, String endpoint) implements SourceSplit {

    public JofReceiverSplit {
        Objects.requireNonNull(endpoint, "endpoint");
        if (receiver < 0) {
            throw new IllegalArgumentException("receiver index " + receiver + " is negative");
        }
    }

    /** The receiver index in decimal. */
    @Override
    public String splitId() {
        return Integer.toString(receiver);
    }
}
