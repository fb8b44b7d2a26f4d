package org.cloudprofiler.sync;

/** Clock synchronisation could not do what was asked; the message names the cause and fix. */
public class SyncException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SyncException(String message) {
        super(message);
    }
}
