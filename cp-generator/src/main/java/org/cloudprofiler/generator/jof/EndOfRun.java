package org.cloudprofiler.generator.jof;

import java.util.List;

/**
 * A receiver's end of the run: it had every sender's end-of-run marker, and no tuple of its
 * follows this item in its queue. Immutable.
 *
 * @param senders one report per sender, by sender index
 */
public record EndOfRun(int receiverIndex, List<SenderReport> senders) implements JofItem {

    public EndOfRun {
        senders = List.copyOf(senders);
    }

    /** Whether every sender's counts matched what this receiver received. */
    public boolean matchesSenders() {
        return senders.stream().allMatch(SenderReport::matches);
    }
}
