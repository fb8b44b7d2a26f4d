package org.cloudprofiler.generator.jof;

/** A receiver could not bind its endpoint; the message names the endpoint and the fix. */
public final class JofBindException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String endpoint;

    JofBindException(String endpoint, String message, Throwable cause) {
        super(message, cause);
        this.endpoint = endpoint;
    }

    /** The endpoint that could not be bound, as configured. */
    public String endpoint() {
        return endpoint;
    }
}
