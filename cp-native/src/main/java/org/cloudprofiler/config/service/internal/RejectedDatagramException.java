package org.cloudprofiler.config.service.internal;

/** A datagram that cannot be trusted: why (a counter) and what exactly was wrong (a log line). */
public final class RejectedDatagramException extends Exception {
    private static final long serialVersionUID = 1L;

    private final Rejection rejection;

    RejectedDatagramException(Rejection rejection, String detail) {
        super(detail, null, false, false);  // thrown per bad datagram: no stack trace to fill
        this.rejection = rejection;
    }

    public Rejection rejection() {
        return rejection;
    }
}
