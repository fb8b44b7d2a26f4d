package org.cloudprofiler.sync.translate;

/**
 * No translation path is available for some timestamps because sync.json lacks the measurements
 * of a node pair it needs; the message names each missing pair and why it is missing.
 */
public final class UnsynchronizedNodesException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public UnsynchronizedNodesException(String message) {
        super(message);
    }
}
