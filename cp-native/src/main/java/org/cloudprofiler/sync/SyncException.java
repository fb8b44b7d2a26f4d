package org.cloudprofiler.sync;

import org.cloudprofiler.CloudProfilerException;

/** Clock synchronisation could not do what was asked; the message names the cause and fix. */
public class SyncException extends CloudProfilerException {
    private static final long serialVersionUID = 1L;

    public SyncException(String message) {
        super(message);
    }
}
