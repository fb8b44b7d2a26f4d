package org.cloudprofiler;

/** A profiling call failed for a reason the user can fix; the message names it and the fix. */
public class CloudProfilerException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CloudProfilerException(String message) {
        super(message);
    }
}
