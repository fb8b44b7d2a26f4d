package org.cloudprofiler.analyzer.report;

import org.cloudprofiler.analyzer.clock.DurationTranslator;
import org.cloudprofiler.analyzer.clock.SyncedClockTranslator;
import org.cloudprofiler.sync.SyncAuthentication;

/**
 * The one line that says a run's clock data could have been forged: sync.json records that its
 * session ran off loopback without a secret ({@code --insecure}), so no bound of a duration
 * between nodes holds against someone who could reach the sync port. Stateless.
 */
final class InsecureSyncNote {

    static final String TEXT = "sync.json was taken with --insecure: its exchanges are not"
            + " authenticated, so anyone who could reach the sync port could have forged them"
            + " and moved every duration between nodes, inside or outside its bound. Fix: give"
            + " sync-server and every sync-agent the same secret (--token-file, or"
            + " CLOUDPROFILER_TOKEN) and measure again";

    private InsecureSyncNote() {}

    /** Whether {@code note} is the one this class writes. */
    static boolean isOne(String note) {
        return TEXT.equals(note);
    }

    /** The note, or null unless the translator's sync data were taken with --insecure. */
    static String of(DurationTranslator translator) {
        return translator instanceof SyncedClockTranslator synced
                && synced.authentication() == SyncAuthentication.INSECURE ? TEXT : null;
    }
}
