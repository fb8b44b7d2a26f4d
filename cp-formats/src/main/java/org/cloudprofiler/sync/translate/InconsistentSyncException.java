package org.cloudprofiler.sync.translate;

/**
 * The exchanges of a node pair admit no linear clock map: a clock was not invariant, drifted
 * beyond what the phases can follow, or the data is damaged. Translating with such data would
 * give numbers with bounds that do not hold.
 */
public final class InconsistentSyncException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public InconsistentSyncException(String message) {
        super(message);
    }
}
